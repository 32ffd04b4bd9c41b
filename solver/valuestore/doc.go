// Package valuestore keeps the values of heap games on disk: the files a
// long run writes so that it can be resumed, and so that it is limited by
// the disk rather than by memory.
//
// Three formats, each with a magic line that names it and its version, the
// game's name (its code as written: "0.6", "4!.0") and CRC-32C
// (Castagnoli) checksums:
//
//   - a values file (CreateValueFile, OpenValueFile) holds G(0..n−1) in 9
//     bits a value, with an escape table for larger values, in place: it is
//     memory-mapped, grows as a run goes and is its own checkpoint
//     (PATH.partial until Finish renames it to PATH);
//   - a checkpoint (WriteCheckpoint, ReadCheckpoint) holds the whole
//     sequence of an in-memory run, 16 bits a value;
//   - a stream or verification checkpoint (WriteStreamCheckpoint,
//     WriteVerifyCheckpoint) holds the first and last windows of one or
//     two constant-memory streams.
//
// Checkpoints are written atomically through safewrite: a crash leaves the
// old file or the new one. Readers refuse, with a *CheckpointError or a
// *ValueFileError that says why, a file of another format or game, a
// truncated or damaged one, and anything but a regular file.
//
// The package knows formats, not games: whether the values read are the
// game's is checked by the engines (octal.ReadCheckpoint recomputes the
// leading ones), which also run a computation against a values file
// (octal.ComputeToFile, octal.CheckValueFile).
package valuestore
