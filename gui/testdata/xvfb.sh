# Sourced by the scripts beside it: a virtual screen for the real nimlab
# window, and the window found on it. The caller sets work (a scratch
# folder) first.

# start_xvfb WxH starts Xvfb with a screen of that size on a free display,
# exports DISPLAY, and sets xvfb to its process id.
start_xvfb() {
  exec 3>"$work/display"
  Xvfb -displayfd 3 -screen 0 "${1}x24" -nolisten tcp >/dev/null 2>&1 &
  xvfb=$!
  exec 3>&-
  for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
  export DISPLAY=:$(head -1 "$work/display")
}

# find_window TRIES sets win to nimlab's visible window, looking every
# 0.2 s at most TRIES times; win is empty when there is none.
find_window() {
  win=
  for _ in $(seq "$1"); do win=$(xdotool search --onlyvisible --name '^nimlab$' 2>/dev/null | head -1); [ -n "$win" ] && break; sleep 0.2; done
}
