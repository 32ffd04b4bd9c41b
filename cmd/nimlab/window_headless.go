//go:build !cgo

package main

import "context"

// A build without cgo (CGO_ENABLED=0: the cluster and server binary, and
// the cross-compiled macOS and Windows ones) has no window: Fyne draws
// through OpenGL, which Go reaches only through C. Everything else is here.
func init() {
	openWindow = func(_ context.Context, present bool) error {
		return badInput("this build of nimlab has no window (it was built without cgo, for servers and clusters); run a subcommand ('nimlab --help' lists them), or %s", windowHint)
	}
}
