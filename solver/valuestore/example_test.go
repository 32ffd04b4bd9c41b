package valuestore_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/nimlab/nimlab/solver/valuestore"
)

// A run on disk writes its values into a values file, saves it as it goes
// (Sync: the file is then PATH.partial and a resumed run continues from
// it) and renames it to PATH when it is complete (Finish).
func ExampleCreateValueFile() {
	dir, err := os.MkdirTemp("", "values")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "dawson.nimv")

	// G(0..11) of Dawson's Kayles (0.07).
	vf, err := valuestore.CreateValueFile(path, "0.07", 12)
	if err != nil {
		fmt.Println(err)
		return
	}
	vf.Append([]uint16{0, 0, 1, 1, 2, 0})
	vf.Sync()
	vf.Close()

	vf, err = valuestore.OpenValueFile(path, "0.07") // path.partial, as it is not complete
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("resumed with", vf.Len(), "values, complete:", vf.Complete())
	vf.Append([]uint16{3, 1, 1, 0, 3, 3})
	vf.Finish()
	values := make([]uint16, vf.Len())
	vf.Read(values, 0)
	fmt.Println(values, "complete:", vf.Complete())
	vf.Close()

	_, err = valuestore.OpenValueFile(path, "0.6")
	fmt.Println(err != nil)
	// Output:
	// resumed with 6 values, complete: false
	// [0 0 1 1 2 0 3 1 1 0 3 3] complete: true
	// true
}

// A checkpoint holds the whole sequence of an in-memory run; reading it
// back refuses another game's file.
func ExampleWriteCheckpoint() {
	dir, err := os.MkdirTemp("", "checkpoint")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "run.ckpt")
	if err := valuestore.WriteCheckpoint(path, "0.07", []uint16{0, 0, 1, 1, 2, 0, 3, 1}); err != nil {
		fmt.Println(err)
		return
	}
	values, err := valuestore.ReadCheckpoint(path, "0.07", 1<<20)
	fmt.Println(values, err)
	_, err = valuestore.ReadCheckpoint(path, "0.6", 1<<20)
	fmt.Println(valuestore.IsCheckpointError(err))
	// Output:
	// [0 0 1 1 2 0 3 1] <nil>
	// true
}
