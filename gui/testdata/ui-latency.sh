#!/usr/bin/env bash
# Measures whether the UI thread stays responsive while a long job runs.
# It starts the real nimlab under Xvfb with the UI-latency probe
# (NIMLAB_UI_PROBE), starts a long computation through the window (Officers,
# 0.6, to 3000000 heaps: half a minute with the sparse engine), and while it
# runs moves the pointer, scrolls the value table and types in the heap-sum
# field. The probe pings the UI thread every 10 ms with fyne.DoAndWait; a
# UI update that blocked the thread would delay the ping by as long.
# Prints the report for the seconds the job ran.
#
# Usage: gui/testdata/ui-latency.sh [bin/nimlab] [seconds]
# NOJOB=1 does the same input without starting the job (the baseline);
# NOINPUT=1 runs the job without any input (the cost of its own updates).
# TAB=astron instead computes the three-star Astron cube to N = 300 (many
# seconds) while zooming and dragging the two-star heatmap.
# TAB=sum types "3 5 1000000" into the Octal tab's heap-sum field (Dawson's
# Kayles, 0.07, computed at start: 117,650 winning moves), clears it and
# types it again, for the whole run: the UI-thread delay while typing a sum
# with a 10^6 heap. SUMTEXT="3 5 7" types a small sum instead
# (the baseline: the same keystrokes, a sum with two winning moves).
# SCREEN=1024x768 runs on a projector-sized screen (default 1600x1000, where
# the window has its full 1280×860); SUMXY="x y" is where the heap-sum field
# is in the window (default "1000 628", its place at 1280×860).
set -uo pipefail
bin=${1:-bin/nimlab}
secs=${2:-12}
work=$(mktemp -d)
xvfb= app=
cleanup() { [ -n "$app" ] && kill "$app" 2>/dev/null; [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
. "$(dirname "$0")/xvfb.sh"
start_xvfb "${SCREEN:-1600x1000}"
if [ "${TAB:-}" = astron ]; then
  mkdir -p "$work/.config/fyne/io.github.nimlab"
  echo '{"lastTab":"Astron"}' >"$work/.config/fyne/io.github.nimlab/preferences.json"
fi
HOME=$work LANG=C.UTF-8 NIMLAB_UI_PROBE=$work/probe.json "$bin" >/dev/null 2>"$work/stderr" &
app=$!
find_window 300
[ -n "$win" ] || { echo "no window"; exit 1; }
sleep 3
if [ "${TAB:-}" = sum ]; then
  t0=$(jq '.seconds' "$work/probe.json" 2>/dev/null || echo 0)
  end=$((SECONDS + secs))
  xdotool mousemove --window "$win" ${SUMXY:-1000 628} click 1
  while [ $SECONDS -lt $end ]; do
    xdotool type --delay 60 "${SUMTEXT:-3 5 1000000}"
    sleep 0.5
    xdotool key ctrl+a BackSpace
    sleep 0.2
  done
elif [ "${TAB:-}" = astron ]; then
  # The Astron tab (left column): "Three stars", then size N = 300, Return.
  # Choosing the mode starts N = 160; the new job cancels it.
  [ "${NOJOB:-}" = 1 ] || {
    xdotool mousemove --window "$win" 20 416 click 1
    sleep 0.3
    xdotool mousemove --window "$win" 200 455 click 1 key ctrl+a type --delay 30 "300"
    xdotool key Return
  }
  t0=$(jq '.seconds' "$work/probe.json" 2>/dev/null || echo 0)
  end=$((SECONDS + secs))
  while [ $SECONDS -lt $end ]; do
    if [ "${NOINPUT:-}" = 1 ]; then sleep 0.5; continue; fi
    xdotool mousemove --window "$win" 800 500 click 4 click 4 click 5
    xdotool mousedown 1
    for d in 1 2 3 4 5 6 7 8; do xdotool mousemove_relative -- 15 10; sleep 0.03; done
    xdotool mouseup 1
    for x in 600 700 800 900 1000; do xdotool mousemove --window "$win" $x 600; sleep 0.03; done
  done
else
# Positions in the 1280×860 window (normal theme): code field, max heaps,
# Compute, the value table, the heap-sum field.
xdotool mousemove --window "$win" 478 101 click 1 key ctrl+a type --delay 30 "0.6"
xdotool mousemove --window "$win" 665 101 click 1 key ctrl+a type --delay 30 "3000000"
t0=$(jq '.seconds' "$work/probe.json" 2>/dev/null || echo 0)
[ "${NOJOB:-}" = 1 ] || xdotool key Return
end=$((SECONDS + secs))
while [ $SECONDS -lt $end ]; do
  if [ "${NOINPUT:-}" = 1 ]; then sleep 0.5; continue; fi
  for x in 100 300 500 700; do xdotool mousemove --window "$win" $x 400; sleep 0.05; done
  xdotool mousemove --window "$win" 400 400 click 5 click 5 click 4
  xdotool mousemove --window "$win" 1000 628 click 1 type --delay 40 "3 5 7 "
  xdotool key ctrl+a BackSpace
done
fi
sleep 1.5
t1=$(jq '.seconds' "$work/probe.json")
import -window "$win" "${SHOT:-/tmp/ui-latency.png}" 2>/dev/null
jq --argjson t0 "$t0" --argjson t1 "$t1" '{samples, median_ms, p99_ms, max_ms, over_100ms, worker_updates, update_max_ms, update_mean_ms, job_seconds_max_ms: .per_second_max_ms[($t0|floor)+1:($t1|floor)]}' "$work/probe.json"
