#!/usr/bin/env bash
# Make (once) the wine prefix in which nimlab's Windows build and tests run,
# and put into it the bcryptprimitives.dll shim built from
# bcryptprimitives.c (Debian's wine 8.0 lacks the DLL, which Windows
# programs built by Go 1.22 and later load at start). Prints nothing when
# all goes well; use the prefix with WINEPREFIX=DIR WINEDEBUG=-all wine
# PROGRAM.EXE.
#
#   resources/wine/prefix.sh DIR
#
# Wine's own output goes to DIR.log. wineboot and wine's first start are
# tried three times (a fresh prefix on a loaded machine has been seen to
# fail once, with nothing said); when the last try fails, the log's tail is
# printed to stderr so that a CI log says why.
set -uo pipefail
prefix=$(realpath -m "${1:?usage: prefix.sh DIR}")
src=$(dirname "$0")/bcryptprimitives.c
log=$prefix.log
# Not wanted in a prefix for console programs: wine's Mono and Gecko
# installers, and winemenubuilder (it writes menu entries and file
# associations into the user's home).
export WINEPREFIX=$prefix WINEDEBUG=-all \
  WINEDLLOVERRIDES='mscoree=;mshtml=;winemenubuilder.exe=d'
mkdir -p "$(dirname "$prefix")"
: >"$log"

fail() {
  echo "prefix.sh: $1 (wine's output, from $log:)" >&2
  tail -n 40 "$log" >&2
  exit 1
}

# tries runs its arguments up to three times, stopping the prefix's server
# between tries, and says in the log which try failed.
tries() {
  local try
  for try in 1 2 3; do
    "$@" && return 0
    echo "prefix.sh: try $try of '$*' failed (status $?)" >>"$log"
    wineserver -k >>"$log" 2>&1
    sleep 2
  done
  return 1
}

make_prefix() {
  if [ -f "$prefix/system.reg" ]; then return 0; fi
  mkdir -p "$prefix" &&
    wineboot -i </dev/null >>"$log" 2>&1 &&
    wineserver -w >>"$log" 2>&1 &&
    [ -f "$prefix/system.reg" ]
}

first_start() {
  # A persistent server, started with no file of ours open: the first test
  # program would otherwise start it, and it would inherit (and hold open)
  # that program's output pipe.
  wineserver -p600 </dev/null >/dev/null 2>&1
  wine cmd /c exit </dev/null >>"$log" 2>&1
}

tries make_prefix || fail "wineboot could not make the prefix $prefix"
dll=$prefix/drive_c/windows/system32/bcryptprimitives.dll
if [ ! -f "$dll" ] || [ "$src" -nt "$dll" ]; then
  x86_64-w64-mingw32-gcc -shared -O2 -o "$dll" "$src" -ladvapi32 ||
    fail "the bcryptprimitives.dll shim did not build"
fi
tries first_start || fail "wine could not start a program in $prefix"
