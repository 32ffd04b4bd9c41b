package main

// windowHint says how to get a nimlab with a window on this system.
const windowHint = "for the window run nimlab.exe from the Windows zip (nimlab-headless.exe is this console-only one; see the README, Install)"
