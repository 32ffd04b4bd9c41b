#!/usr/bin/env bash
# Headless smoke test: start the real nimlab binary under Xvfb, wait for its
# window, and check that the window drew something (its screenshot is not
# one flat colour). It also reports the time to the first frame: as the
# window records it (NIMLAB_FIRST_FRAME: process start to the first paint),
# and as seen from outside (launch to the first screenshot of the window that
# holds more than a handful of colours, which adds the polling and the
# screenshot time). The last screenshot is kept in $SMOKE_SHOT (default
# smoke-screenshot.png) for a person to look at.
#
# It runs on a 1600×1000 screen and again on a 1024×768 projector-sized
# one (SMOKE_SCREENS overrides the list), where it also checks that the
# window fits the screen. Each window must end within 10 s of SIGTERM, also
# when the signal comes while it is still being built.
#
# Usage: smoke-test.sh [path/to/nimlab]
set -uo pipefail
bin=${1:-bin/nimlab}
out=${SMOKE_SHOT:-smoke-screenshot.png}
fail() { echo "smoke: FAIL: $*"; [ -n "${work:-}" ] && [ -s "$work/stderr" ] && { echo "--- nimlab stderr:"; tail -20 "$work/stderr"; }; echo "smoke: 0 passed, 1 failed"; exit 1; }
for tool in Xvfb xdotool import convert; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (make deps installs it)"
done
[ -x "$bin" ] || fail "no executable at $bin (run make build)"

work=$(mktemp -d)
xvfb= app=
cleanup() {
  [ -n "$app" ] && kill "$app" 2>/dev/null
  [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null
  wait 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# start_xvfb WxH starts Xvfb with a screen of that size, sets xvfb to its
# process id and exports DISPLAY. The display number is one nobody uses:
# Xvfb -displayfd picks a free one and writes it back, so parallel runs (and
# a user's own Xvfb :99) never collide.
start_xvfb() {
  : >"$work/display"
  exec 3>"$work/display"
  Xvfb -displayfd 3 -screen 0 "${1}x24" -nolisten tcp >"$work/xvfb.log" 2>&1 &
  xvfb=$!
  exec 3>&-
  for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
  [ -s "$work/display" ] || fail "Xvfb did not start: $(tail -3 "$work/xvfb.log")"
  export DISPLAY=:$(head -1 "$work/display")
}

# smoke SCREEN: one run of the window on a WxH screen.
smoke() {
  local screen=$1
  echo "smoke: screen $screen"
  start_xvfb "$screen"

  # A throw-away home so the test neither reads nor writes a user's
  # preferences; a UTF-8 locale so Fyne does not warn; software GL.
  rm -rf "$work/home"; mkdir -p "$work/home"
  local start first colours geometry win
  start=$(date +%s.%N)
  HOME=$work/home LANG=C.UTF-8 LC_ALL=C.UTF-8 LIBGL_ALWAYS_SOFTWARE=1 NIMLAB_FIRST_FRAME=$work/first-frame \
    "$bin" >"$work/stdout" 2>"$work/stderr" &
  app=$!

  # Wait up to 60 s for a window named nimlab (the first cgo start can be slow
  # on a loaded machine), then for it to draw.
  win=
  for _ in $(seq 300); do
    kill -0 "$app" 2>/dev/null || fail "nimlab exited early"
    win=$(xdotool search --onlyvisible --name '^nimlab$' 2>/dev/null | head -1)
    [ -n "$win" ] && break
    sleep 0.2
  done
  [ -n "$win" ] || fail "no nimlab window appeared within 60 s"

  colours=0 first=
  for _ in $(seq 150); do
    kill -0 "$app" 2>/dev/null || fail "nimlab exited while drawing"
    if import -window "$win" "$work/shot.png" 2>/dev/null; then
      colours=$(convert "$work/shot.png" -format '%k' info: 2>/dev/null || echo 0)
      if [ "$colours" -ge 16 ]; then
        first=$(date +%s.%N)
        break
      fi
    fi
    sleep 0.2
  done
  [ -n "$first" ] || fail "the window stayed (nearly) one flat colour ($colours colours) for 30 s"
  awk -v a="$start" -v b="$first" -v c="$colours" 'BEGIN { printf "smoke: window seen drawn %.2f s after launch (%s colours; includes polling)\n", b - a, c }'
  # The window itself records when it painted its first frame.
  [ -s "$work/first-frame" ] && echo "smoke: first frame painted $(cat "$work/first-frame") ms after process start"

  # Let the default computation (0.07) draw its table and plot, then keep the
  # final screenshot. The results bring many more colours (table tint, plot).
  sleep 2
  kill -0 "$app" 2>/dev/null || fail "nimlab exited after drawing"
  import -window "$win" "$work/shot.png" 2>/dev/null || fail "could not take the final screenshot"
  colours=$(convert "$work/shot.png" -format '%k' info:)
  geometry=$(convert "$work/shot.png" -format '%wx%h' info:)
  echo "smoke: window $geometry drawn with $colours colours"
  [ "$colours" -ge 16 ] || fail "the window looks empty"
  # The window fits the screen: a larger one puts controls off screen.
  local sw=${screen%x*} sh=${screen#*x} ww=${geometry%x*} wh=${geometry#*x}
  [ "$ww" -le "$sw" ] && [ "$wh" -le "$sh" ] || fail "the window ($geometry) does not fit the $screen screen"
  terminate "the drawn window"
  kill "$xvfb" 2>/dev/null; wait "$xvfb" 2>/dev/null; xvfb=
}

# terminate WHAT: SIGTERM to the window, which must end within 10 s (a
# window that ignores it would hang this test, and a user's logout).
terminate() {
  kill -TERM "$app" 2>/dev/null
  for _ in $(seq 100); do kill -0 "$app" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$app" 2>/dev/null; then
    kill -QUIT "$app"; sleep 1; app=
    fail "$1 was still running 10 s after SIGTERM (the end of its goroutine dump follows)"
  fi
  wait "$app" 2>/dev/null; app=
}

# early_term SCREEN: SIGTERM while the window is still being built (Fyne's
# own handler is not installed yet) must end the program too. Which moment
# falls in that stretch depends on the machine, so it tries several.
early_term() {
  local screen=$1
  start_xvfb "$screen"
  local after
  for after in 0.1 0.2 0.3 0.4 0.5 0.6 0.8; do
    rm -rf "$work/home"; mkdir -p "$work/home"
    HOME=$work/home LANG=C.UTF-8 LC_ALL=C.UTF-8 LIBGL_ALWAYS_SOFTWARE=1 "$bin" >"$work/stdout" 2>"$work/stderr" &
    app=$!
    sleep "$after"
    terminate "a window sent SIGTERM $after s after launch"
  done
  echo "smoke: SIGTERM during start-up ends the window (sent 0.1 to 0.8 s after launch)"
  kill "$xvfb" 2>/dev/null; wait "$xvfb" 2>/dev/null; xvfb=
}

# The first screen's shot is kept in $out, the others beside it, for a
# person to look at.
shots=
for screen in ${SMOKE_SCREENS:-1600x1000 1024x768}; do
  smoke "$screen"
  dest=$out
  [ -n "$shots" ] && dest=${out%.png}-$screen.png
  cp "$work/shot.png" "$dest"
  shots="$shots $dest"
done
early_term 1024x768
echo "smoke: screenshots in$shots"
echo "smoke: 1 passed, 0 failed"
