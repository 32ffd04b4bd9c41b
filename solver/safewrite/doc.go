// Package safewrite writes nimlab's result files (CSV, pictures, checkpoints,
// DOT) so that a reader sees either the old file or the whole new one, and so
// that special targets keep their nature:
//
//   - "-" means standard output;
//   - a device, named pipe or socket (e.g. /dev/null, /dev/full, a FIFO) is
//     written to directly, never replaced by a regular file;
//   - a symbolic link is followed: the file it points to is replaced, and the
//     link stays a link;
//   - a regular file, or a new name, is written under a temporary name in the
//     real target's folder and renamed over it, so a crash or a full disk
//     leaves the old file intact.
//
// Temporary files are named ".NAME.nimlab-tmp-PID-N" beside the target. A run
// that was killed mid-write leaves one behind; the next write to the same
// target removes those whose process is gone.
//
// The package is pure Go and used by the command line, the window and the
// solvers' checkpoints alike.
package safewrite
