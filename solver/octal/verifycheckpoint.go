package octal

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/solver/valuestore"
)

// Checkpoints of streams (a --stream run) and of period verifications: the
// file formats are valuestore's (WriteStreamCheckpoint,
// WriteVerifyCheckpoint, whose records StreamState and VerifyState are);
// what this file adds is the check that the values read are the game's.

// WriteVerifyCheckpoint saves state (a run of VerifyPeriod on code)
// atomically: a crash leaves the old file or the new one.
func WriteVerifyCheckpoint(path string, code Code, state *VerifyState) error {
	return valuestore.WriteVerifyCheckpoint(path, code.String(), state)
}

// ReadVerifyCheckpoint loads a state saved by WriteVerifyCheckpoint for
// code. A file that is not one, is damaged (checksum), belongs to another
// code or holds values that are not code's (its first values are
// recomputed from the definition) is refused with a
// *valuestore.CheckpointError.
func ReadVerifyCheckpoint(path string, code Code) (*VerifyState, error) {
	state, err := valuestore.ReadVerifyCheckpoint(path, code.String(), StreamMaxHeaps*2)
	if err != nil {
		return nil, err
	}
	if err := spotCheckStreams(path, code, state.Behind, state.Ahead); err != nil {
		return nil, err
	}
	return state, nil
}

// WriteStreamCheckpoint saves a stream of code that runs to upTo,
// atomically.
func WriteStreamCheckpoint(path string, code Code, upTo int, state *StreamState) error {
	return valuestore.WriteStreamCheckpoint(path, code.String(), upTo, state)
}

// ReadStreamCheckpoint loads a stream saved by WriteStreamCheckpoint for
// code and the heap its run goes to; files that are not one, damaged ones
// and ones of another code or with wrong values are refused with a
// *valuestore.CheckpointError, as ReadVerifyCheckpoint does.
func ReadStreamCheckpoint(path string, code Code) (*StreamState, int, error) {
	st, upTo, err := valuestore.ReadStreamCheckpoint(path, code.String(), StreamMaxHeaps*2)
	if err != nil {
		return nil, 0, err
	}
	if err := spotCheckStreams(path, code, st); err != nil {
		return nil, 0, err
	}
	return st, upTo, nil
}

// spotCheckStreams recomputes the first values from the definition and
// compares them with every saved stream's.
func spotCheckStreams(path string, code Code, streams ...*StreamState) error {
	check := checkpointSpotCheck
	for _, st := range streams {
		check = min(check, len(st.FirstValues))
	}
	want, err := QuadraticExtend(context.Background(), code, make([]uint16, 0, check), check-1, nil)
	if err != nil {
		return err
	}
	for _, st := range streams {
		for i := range check {
			if want[i] != st.FirstValues[i] {
				return &valuestore.CheckpointError{Path: path, Reason: fmt.Sprintf("its G(%d) = %d, but %s has G(%d) = %d", i, st.FirstValues[i], code, i, want[i])}
			}
		}
	}
	return nil
}
