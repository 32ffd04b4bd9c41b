package main

// windowHint says how to get a nimlab with a window on this system.
const windowHint = "for the window build nimlab on the Mac itself: install Xcode's command line tools (xcode-select --install) and Go, then 'go install github.com/nimlab/nimlab/cmd/nimlab@latest' (see the README, Install)"
