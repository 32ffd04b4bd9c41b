#!/usr/bin/env bash
# Make (once) the wine prefix in which nimlab's Windows build and tests run,
# and put into it the bcryptprimitives.dll shim built from
# bcryptprimitives.c (Debian's wine 8.0 lacks the DLL, which Windows
# programs built by Go 1.22 and later load at start). Prints nothing; use
# the prefix with WINEPREFIX=DIR WINEDEBUG=-all wine PROGRAM.EXE.
#
#   resources/wine/prefix.sh DIR
set -euo pipefail
prefix=$(realpath -m "${1:?usage: prefix.sh DIR}")
src=$(dirname "$0")/bcryptprimitives.c
export WINEPREFIX=$prefix WINEDEBUG=-all
if [ ! -f "$prefix/system.reg" ]; then
  mkdir -p "$prefix"
  # No display needed: wineboot makes the prefix; wine's Mono and Gecko
  # installers are not wanted (console programs only).
  WINEDLLOVERRIDES='mscoree=;mshtml=' wineboot -i >/dev/null 2>&1
  wineserver -w
fi
dll=$prefix/drive_c/windows/system32/bcryptprimitives.dll
if [ ! -f "$dll" ] || [ "$src" -nt "$dll" ]; then
  x86_64-w64-mingw32-gcc -shared -O2 -o "$dll" "$src" -ladvapi32
fi
wineserver -p600 </dev/null >/dev/null 2>&1 || true
wine cmd /c exit </dev/null >/dev/null 2>&1
