#!/usr/bin/env bash
# Takes a screenshot of every tab of the real nimlab window under Xvfb, in
# normal mode and in presentation mode (--present), into OUT (default
# /tmp/nimlab-shots). Each tab is reached by starting nimlab with that tab
# remembered in its preferences (the window reopens on the last tab).
#
# Usage: gui/testdata/screenshots.sh [bin/nimlab] [OUT]
set -uo pipefail
bin=$(realpath "${1:-bin/nimlab}")
out=${2:-/tmp/nimlab-shots}
mkdir -p "$out"
work=$(mktemp -d)
xvfb=
cleanup() { [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
exec 3>"$work/display"
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
exec 3>&-
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
export DISPLAY=:$(head -1 "$work/display")
shot() { # tab file-stem [--present]
  local tab=$1 stem=$2; shift 2
  local home=$work/home-$stem
  mkdir -p "$home/.config/fyne/io.github.nimlab"
  printf '{"lastTab":"%s"}\n' "$tab" >"$home/.config/fyne/io.github.nimlab/preferences.json"
  HOME=$home LANG=C.UTF-8 "$bin" "$@" >/dev/null 2>&1 &
  local app=$! win=
  for _ in $(seq 150); do win=$(xdotool search --onlyvisible --name '^nimlab$' 2>/dev/null | head -1); [ -n "$win" ] && break; sleep 0.2; done
  sleep "${SETTLE:-4}"
  if [ -n "$win" ]; then import -window "$win" "$out/$stem.png" && echo "$out/$stem.png"; else echo "no window for $stem"; fi
  kill "$app" 2>/dev/null; wait "$app" 2>/dev/null
}
for tab in "Octal explorer:octal" "Astron:astron" "Nim & play:nim" "Graph:graph" "Misère:misere"; do
  shot "${tab%%:*}" "${tab##*:}"
  shot "${tab%%:*}" "${tab##*:}-present" --present
done
