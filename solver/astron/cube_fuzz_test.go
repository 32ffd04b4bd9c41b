package astron

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoadCubeCheckpoint: a cube checkpoint of any bytes is loaded or
// refused with a *CheckpointError, never a panic; a file it loads names a
// next anti-diagonal within the cube.
func FuzzLoadCubeCheckpoint(f *testing.F) {
	const n = 4
	dir := f.TempDir()
	path := filepath.Join(dir, "cube.ckpt")
	if _, err := BuildCube3(context.Background(), AstronRules(), n, CubeOptions{Checkpoint: path}); err != nil {
		f.Fatal(err)
	}
	good, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)-4])
	f.Add([]byte(cubeCheckpointMagic))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "c.ckpt")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		c := &Cube3{N: n, v: make([]uint16, CubeCells(n)), Rules: AstronRules()}
		d, _, ok, err := loadCubeCheckpoint(p, c)
		if err != nil {
			if _, isCk := err.(*CheckpointError); !isCk {
				t.Fatalf("not a CheckpointError: %v", err)
			}
			return
		}
		if ok && (d < 2 || d > 2*n+1) {
			t.Fatalf("next anti-diagonal %d outside 2..%d", d, 2*n+1)
		}
	})
}
