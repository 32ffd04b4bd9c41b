package main

// windowHint says how to get a nimlab with a window on this system.
const windowHint = "for the window install the desktop package (nimlab-VERSION-linux-amd64-desktop.tar.xz: unpack it, then 'sudo make install') or build with cgo: 'make build' in the source tree (see the README, Install)"
