#!/usr/bin/env bash
# The Windows headless nimlab under wine, each answer checked against the
# Linux build of the same source (whose tests check the values against
# published tables) and against known values:
#   octal 0.07 --json, astron 9 17 --json, a census of 0.?? into SQLite (and
#   its resumption), a --checkpoint/--resume round trip, a values file
#   written, reopened and checked, and a values file whose run is killed
#   and resumed — on Windows file semantics (no rename of an open file,
#   mapped views, preallocation).
#
#   cmd/nimlab/testdata/wine-check.sh WINDOWS.EXE LINUX-BINARY WINEPREFIX
set -euo pipefail
win=$(realpath "$1") lin=$(realpath "$2")
export WINEPREFIX=$(realpath "$3") WINEDEBUG=-all
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
w() { wine "$win" "$@"; }
fail() { echo "wine-check: FAIL: $*" >&2; exit 1; }
same() { # same NAME FILE1 FILE2
  diff -u "$2" "$3" >/dev/null || { diff -u "$2" "$3" | head -20 >&2; fail "$1: the Windows build's output differs from Linux's"; }
  echo "wine-check: ok  $1"
}
# Times and randomly chosen check heaps differ from run to run.
steady() { sed -e '/"seconds"/d' -e '/"heaps_per_second"/d' -e '/"checked_heaps"/,/\]/d' "$1"; }

# No window in this build: one line, exit 2.
set +e; w >out.txt 2>err.txt; status=$?; set -e
[ $status = 2 ] && grep -q "has no window" err.txt || fail "nimlab.exe without a subcommand: exit $status, $(cat err.txt)"
echo "wine-check: ok  no subcommand: exit 2, $(cut -c1-60 err.txt)…"

w octal 0.07 --json >win.json
"$lin" octal 0.07 --json >lin.json
grep -q '"period": 34' win.json && grep -q '"preperiod": 53' win.json || fail "octal 0.07: Dawson's Kayles has period 34 from heap 53"
same "octal 0.07 --json" win.json lin.json

w astron 9 17 --json >win.json
"$lin" astron 9 17 --json >lin.json
same "astron 9 17 --json" win.json lin.json

# A census into SQLite: the same rows as Linux's (but for time and host),
# a sound database, and a second run that finds every game recorded.
cols="code, status, stopped_by, heaps, period, preperiod, saltus, period_kind, proof, same_as, max_value, max_at, rare_mask, rare_count, last_rare, hex(fingerprints)"
w census '0.??' --max 4096 --db win.sqlite >census.txt
"$lin" census '0.??' --max 4096 --db lin.sqlite >/dev/null
[ "$(sqlite3 win.sqlite 'PRAGMA integrity_check')" = ok ] || fail "census: win.sqlite is damaged"
[ "$(sqlite3 win.sqlite 'SELECT count(*) FROM results')" = 64 ] || fail "census: 0.?? has 64 games"
sqlite3 win.sqlite "SELECT $cols FROM results ORDER BY code" >win.rows
sqlite3 lin.sqlite "SELECT $cols FROM results ORDER BY code" >lin.rows
same "census '0.??' --max 4096 into SQLite" win.rows lin.rows
w census '0.??' --max 4096 --db win.sqlite >again.txt
grep -q "0 computed" again.txt && grep -q "64 already in" again.txt || fail "census again: $(cat again.txt)"
echo "wine-check: ok  census again: every game already recorded"

# --checkpoint, then --resume from it (read, then replaced by rename).
w octal 0.106 --n 300000 --checkpoint c.ckpt --json >/dev/null
w octal 0.106 --n 600000 --resume c.ckpt --json >win.json
"$lin" octal 0.106 --n 600000 --json >lin.json
[ "$(stat -c %s c.ckpt)" = $((46 + 2 * 600001)) ] || fail "checkpoint: c.ckpt should hold 600001 values after the resumed run"
same "octal 0.106 --checkpoint, then --resume" win.json lin.json

# A values file: preallocated, mapped, renamed when complete; opened again
# and checked by the same command.
w octal 0.106 --max 300000 --values-file v.nimv --json >win1.json
[ -f v.nimv ] && [ ! -e v.nimv.partial ] || fail "values file: v.nimv not complete"
w octal 0.106 --max 300000 --values-file v.nimv --json >win2.json
"$lin" octal 0.106 --max 300000 --values-file lin.nimv --json >lin.json
grep -q '"check_ok": true' win2.json || fail "values file reopened: check failed"
steady win1.json | sed 's/v\.nimv/FILE/' >a; steady lin.json | sed 's/lin\.nimv/FILE/' >b
same "octal 0.106 --values-file" a b
cmp -s v.nimv lin.nimv || fail "values file: the Windows file differs from the Linux one"
echo "wine-check: ok  the values files of Windows and Linux are the same bytes"

# Killed mid-run (as by a power cut: no clean-up runs), then resumed.
max=$((1 << 25))
w octal 0.106 --max $max --values-file k.nimv --checkpoint-every 200ms --json >/dev/null 2>&1 &
pid=$!
count=0
for _ in $(seq 600); do
  [ -f k.nimv.partial ] && count=$(od -An -t u8 -j 176 -N 8 k.nimv.partial | tr -d ' ')
  [ "${count:-0}" -gt 0 ] && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.1
done
# $pid is the shell that runs wine, not the Windows process: killing it
# left nimlab.exe writing on while the resumed run started (the rename at
# its end then met a sharing violation). wineserver -k ends every process
# of the prefix at once, with no clean-up in them, and -w waits until they
# are gone. The server comes back as prefix.sh starts it (persistent, with
# no pipes of ours), so that a later `go test -exec wine` does not wait on
# a server that holds its output open.
wineserver -k 2>/dev/null || true
wineserver -w 2>/dev/null || true
wineserver -p600 </dev/null >/dev/null 2>&1 || true
kill -KILL $pid 2>/dev/null || true
wait $pid 2>/dev/null || true
[ "${count:-0}" -gt 0 ] && [ -f k.nimv.partial ] || fail "kill: no saved values in k.nimv.partial before the run ended"
w octal 0.106 --max $max --values-file k.nimv --json >win.json
from=$(sed -n 's/.*"resumed_from": \([0-9]*\).*/\1/p' win.json)
[ "${from:-0}" -gt 0 ] || fail "kill: the run did not resume ($(grep resumed_from win.json))"
grep -q "\"count\": $max" win.json || fail "kill: the resumed run did not finish"
# Linux reads the file Windows wrote and recomputes random heaps from the
# rules (--values-check).
"$lin" octal 0.106 --max $max --values-file k.nimv --values-check 64 --json >lin.json
grep -q '"check_ok": true' lin.json || fail "kill: Linux's check of the resumed file failed"
echo "wine-check: ok  killed after $count values, resumed from $from, finished; Linux checks the file"
