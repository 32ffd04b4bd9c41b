#!/usr/bin/env bash
# Takes a screenshot of every tab of the real nimlab window under Xvfb, at
# each projector and desk size (1024×768, 1280×720, 1920×1080), in normal
# mode and in presentation mode (--present), into OUT (default
# /tmp/nimlab-shots), named TAB-WxH[-present].png. Each shot is of the
# whole screen, so a window larger than the screen, or a control off its
# edge, shows. Each tab is reached by starting nimlab with that tab
# remembered in its preferences (the window reopens on the last tab).
#
# Usage: gui/testdata/screenshots.sh [bin/nimlab] [OUT]
# SIZES="1024x768" and TABS="octal nim" restrict the set; SETTLE is how long
# a window runs before its shot (default 4 s: the Octal tab computes 0.07,
# Astron its 800×800 table, Misère the quotient of 0.75).
set -uo pipefail
bin=$(realpath "${1:-bin/nimlab}")
out=${2:-/tmp/nimlab-shots}
sizes=${SIZES:-1024x768 1280x720 1920x1080}
tabs=${TABS:-octal astron nim graph misere study census}
mkdir -p "$out"
work=$(mktemp -d)
xvfb=
cleanup() { [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
. "$(dirname "$0")/xvfb.sh"
tabname() {
  case $1 in
  octal) echo "Octal" ;; astron) echo "Astron" ;; nim) echo "Nim & play" ;;
  graph) echo "Graph" ;; misere) echo "Misère" ;;
  study) echo "Three stars" ;; census) echo "Census" ;;
  esac
}
shot() { # tab file-stem [--present]
  local tab=$1 stem=$2; shift 2
  local home=$work/home-$stem
  mkdir -p "$home/.config/fyne/io.github.nimlab"
  printf '{"lastTab":"%s"}\n' "$(tabname "$tab")" >"$home/.config/fyne/io.github.nimlab/preferences.json"
  HOME=$home LANG=C.UTF-8 "$bin" "$@" >/dev/null 2>"$work/stderr-$stem" &
  local app=$! win
  find_window 150
  sleep "${SETTLE:-4}"
  if [ -n "$win" ]; then
    import -window root "$out/$stem.png" && echo "$out/$stem.png $(xdotool getwindowgeometry "$win" | tr '\n' ' ')"
  else
    echo "no window for $stem"
  fi
  kill "$app" 2>/dev/null
  # A window that has not exited 5 s after SIGTERM is stuck: its goroutine
  # dump (SIGQUIT) goes beside the shot, to find out why.
  for _ in $(seq 50); do kill -0 "$app" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$app" 2>/dev/null; then
    kill -QUIT "$app" 2>/dev/null; sleep 1; kill -9 "$app" 2>/dev/null
    cp "$work/stderr-$stem" "$out/$stem.stuck.txt"
    echo "$stem: the window did not exit on SIGTERM; goroutines in $out/$stem.stuck.txt"
  fi
  wait "$app" 2>/dev/null
}
for size in $sizes; do
  start_xvfb "$size"
  for tab in $tabs; do
    shot "$tab" "$tab-$size"
    shot "$tab" "$tab-$size-present" --present
  done
  kill "$xvfb" 2>/dev/null; wait "$xvfb" 2>/dev/null; xvfb=
  : >"$work/display"
done
