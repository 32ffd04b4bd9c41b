//go:build !unix

package nimber

import "time"

func threadCPUTime() (time.Duration, bool) { return 0, false }
