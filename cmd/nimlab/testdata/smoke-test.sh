#!/usr/bin/env bash
# Headless smoke test: start the real nimlab binary under Xvfb, wait for its
# window, take a screenshot and check that the window drew something (the
# screenshot is not one flat colour). The screenshot is kept in
# smoke-screenshot.png for a person to look at.
set -euo pipefail
bin=${1:-bin/nimlab}
out=${SMOKE_SHOT:-smoke-screenshot.png}
display=:$(( 90 + RANDOM % 100 ))
Xvfb "$display" -screen 0 1280x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
app=
cleanup() { [ -n "$app" ] && kill "$app" 2>/dev/null; kill "$xvfb" 2>/dev/null; wait 2>/dev/null || true; }
trap cleanup EXIT
export DISPLAY=$display
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done 2>/dev/null || sleep 1
# A throw-away home so the test neither reads nor writes a user's preferences.
home=$(mktemp -d)
HOME=$home "$bin" >"$home/stdout" 2>"$home/stderr" &
app=$!
found=
for _ in $(seq 150); do
  if ! kill -0 "$app" 2>/dev/null; then
    echo "smoke: nimlab exited early:"; cat "$home/stderr"; exit 1
  fi
  if xdotool search --name '^nimlab' >/dev/null 2>&1; then found=1; break; fi
  sleep 0.2
done
[ -n "$found" ] || { echo "smoke: no nimlab window appeared within 30 s"; cat "$home/stderr"; exit 1; }
sleep 3 # let the first frames and the default computation draw
import -window root "$out"
colours=$(convert "$out" -format '%k' info:)
echo "smoke: window drawn, screenshot $out has $colours colours"
if [ "$colours" -lt 8 ]; then echo "smoke: the window looks empty"; exit 1; fi
echo "smoke: 1 passed, 0 failed"
