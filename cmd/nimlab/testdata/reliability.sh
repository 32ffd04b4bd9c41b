#!/usr/bin/env bash
# Reliability check: replays the reproductions of a hostile-input sweep
# against the real binary and asserts what a user must see — the exit
# status, the one-line message, files left unchanged (or not left behind),
# answers within a bound of time, and never a Go runtime dump (goroutine
# traces, "fatal error", "panic:"). Memory guards run under
# `ulimit -v 4000000`, as the sweep did.
#
# Usage: reliability.sh [path/to/nimlab] [short|full]
#   short (make test): the reproductions that take seconds, about a minute in all.
#   full  (make test-reliability): also the long ones — a 25·10^6-value
#         checkpoint edited and refused, a census of 0.??? to 65,536 heaps
#         killed three times and compared with an uninterrupted run.
#
# Needs: perl (Debian's perl-base) for the CRC-32C of an edited checkpoint,
# sqlite3 for unrelated databases.
set -uo pipefail
bin=$(readlink -f "${1:-bin/nimlab}")
mode=${2:-short}
[ -x "$bin" ] || { echo "reliability: no executable at $bin (run make build)"; exit 1; }
for tool in perl sqlite3 timeout mkfifo; do
  command -v "$tool" >/dev/null || { echo "reliability: $tool is not installed (make deps installs it)"; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
passed=0 failed=0

fail() { echo "reliability: FAIL: $*"; failed=$((failed + 1)); }
ok() { passed=$((passed + 1)); }

# run NAME STATUS REGEX SECONDS [--ulimit] -- ARGS…: runs nimlab ARGS,
# expects exit STATUS, stderr (or stdout) matching REGEX, within SECONDS,
# and no runtime dump.
run() {
  local name=$1 want=$2 re=$3 secs=$4
  shift 4
  local limit=
  if [ "$1" = --ulimit ]; then limit=4000000; shift; fi
  [ "$1" = -- ] && shift
  local start end status
  start=$(date +%s.%N)
  if [ -n "$limit" ]; then
    (ulimit -v "$limit"; exec timeout -s KILL $((secs + 30)) "$bin" "$@") >out 2>err </dev/null
  else
    timeout -s KILL $((secs + 30)) "$bin" "$@" >out 2>err </dev/null
  fi
  status=$?
  end=$(date +%s.%N)
  local took
  took=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
  if [ "$status" != "$want" ]; then
    fail "$name: exit $status, want $want ($(head -c 300 err))"; return
  fi
  if grep -qE '^goroutine [0-9]+|^fatal error|^panic:|^runtime:' err; then
    fail "$name: a runtime dump on stderr"; return
  fi
  if ! grep -qE -- "$re" err out; then
    fail "$name: output does not match /$re/: $(head -c 300 err)"; return
  fi
  if awk -v t="$took" -v s="$secs" 'BEGIN { exit !(t > s) }'; then
    fail "$name: took $took s, more than $secs s"; return
  fi
  ok
}

# oneline NAME: the last run's stderr is one line.
oneline() {
  if [ "$(wc -l <err)" != 1 ]; then fail "$1: stderr is not one line"; else ok; fi
}

sum() { sha256sum "$1" | cut -d' ' -f1; }

# crc32c_edit FILE OFFSET: flips bit 0 of the byte at OFFSET and writes a
# fresh CRC-32C (Castagnoli) over everything before the last four bytes:
# the edit a checksum cannot catch.
crc32c_edit() {
  perl -e '
    my @t; for my $i (0..255) { my $c = $i; for (1..8) { $c = ($c & 1) ? (($c >> 1) ^ 0x82F63B78) : ($c >> 1) } $t[$i] = $c }
    open(my $f, "+<:raw", $ARGV[0]) or die; local $/; my $d = <$f>;
    substr($d, $ARGV[1], 1) = chr(ord(substr($d, $ARGV[1], 1)) ^ 1);
    my $c = 0xFFFFFFFF; for my $b (unpack("C*", substr($d, 0, length($d) - 4))) { $c = $t[($c ^ $b) & 0xFF] ^ ($c >> 8) }
    substr($d, length($d) - 4, 4) = pack("V", $c ^ 0xFFFFFFFF);
    seek($f, 0, 0); print $f $d; close $f;' "$1" "$2"
}

echo "reliability: $mode run of $bin"

# 1. An edited checkpoint with a recomputed checksum: --verify recomputes
#    every value and refuses it (the header of '4!.0' is 41 bytes; heap h
#    is at 41 + 2h).
n=60000 heap=40000
[ "$mode" = full ] && n=25000001 heap=20000000
"$bin" octal '4!.0' --n $((n - 1)) --checkpoint t.ckpt >/dev/null 2>err || fail "checkpoint: writing it failed: $(head -c 200 err)"
crc32c_edit t.ckpt $((41 + 2 * heap))
before=$(sum t.ckpt)
run "edited checkpoint --verify" 2 "its G\($heap\) = .* \(every value was recomputed\)" 3600 -- octal '4!.0' --n "$n" --resume t.ckpt --verify
oneline "edited checkpoint --verify"
[ "$(sum t.ckpt)" = "$before" ] && ok || fail "edited checkpoint: the file was changed"

# 2, 3. Census databases: an empty name, unrelated SQLite files.
run "census --db ''" 2 "--db was given an empty value" 5 -- census '0.1?' --max 1000 --db ''
sqlite3 places.sqlite "CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT); INSERT INTO moz_places VALUES (1, 'https://example.org');"
sqlite3 other.sqlite "CREATE TABLE results (code TEXT PRIMARY KEY, value INTEGER); INSERT INTO results VALUES ('0.07', 1);"
for f in places.sqlite other.sqlite; do
  before=$(sum $f)
  run "census --db $f" 2 "nimlab did not create" 5 -- census '0.1?' --max 1000 --db $f
  run "census show --db $f" 2 "nimlab did not create" 5 -- census show --db $f
  run "census merge into $f" 2 "nimlab did not create" 5 -- census merge places.sqlite --into $f
  [ "$(sum $f)" = "$before" ] && ok || fail "$f was changed"
done
run "census --db /dev/zero" 2 "not a regular file" 5 -- census '0.1?' --db /dev/zero
run "census show --db /dev/zero" 2 "not a regular file" 5 -- census show --db /dev/zero

# 4. Every output path is checked before the work; a FIFO checkpoint is refused.
mkfifo fifo
run "octal --csv in a missing folder" 2 "/nonexistent/x.csv.*does not exist" 5 -- octal '4!.0' --n 10000000 --csv /nonexistent/x.csv
run "misere --png in a missing folder" 2 "does not exist" 5 -- misere 0.07 --max 40 --seconds 15 --png /nonexistent/x.png
run "astron study --checkpoint in a missing folder" 2 "does not exist" 5 -- astron study --size 500 --checkpoint /nonexistent/x.ckpt
run "astron study --checkpoint FIFO" 2 "not a regular file" 5 -- astron study --size 500 --checkpoint fifo
run "octal --checkpoint FIFO" 2 "not a regular file" 5 -- octal 0.07 --max 100000 --checkpoint fifo

# 5. Guards: memory under an address-space limit, more jobs than games.
run "octal --n 1.5·10^9 under ulimit -v" 2 "needs about .* is available" 10 --ulimit -- octal 0.07 --n 1500000000
if [ "$mode" = full ]; then
  # 2 bytes a heap: 10^9 heaps fit under the limit and are computed.
  run "octal --n 10^9 under ulimit -v" 0 "certified by the Guy–Smith theorem" 300 --ulimit -- octal 0.07 --n 1000000000
fi
run "octal --max 2^31 under ulimit -v" 2 "needs about" 10 --ulimit -- octal 0.07 --max 2147483648
run "census --max 10^9 under ulimit -v" 2 "needs about .* available to this process" 10 --ulimit -- census '0.1?' --max 1000000000 --db m.sqlite
[ -e m.sqlite ] && fail "a refused census left m.sqlite" || ok
run "astron study --offsets 10^9" 2 "--offsets 1000000000 is beyond --size 10" 5 --ulimit -- astron study --size 10 --offsets 1000000000
run "astron 10^6 (one star's winning moves)" 0 "^winning moves \([0-9]+\)" 30 --ulimit -- astron 1000000
run "graph cycle:10^7 under ulimit -v" 2 "needs about .* accepted: a smaller game" 5 --ulimit -- graph --game cycle:10000000
run "graph circle at 5·10^7 moves under ulimit -v" 2 "needs about" 5 --ulimit -- graph --game circle:1,3,5,7,9,11,13,15,17,19:5000000
run "misere --genus --seconds 3" 0 "stopped: the --seconds 3 budget ran out" 8 -- misere 0.07 --genus --max 100 --seconds 3
if [ "$mode" = full ]; then
  run "misere 0.6 --table under ulimit -v" 0 "last verified partial quotient" 90 --ulimit -- misere 0.6 --table
fi
run "--stream under ulimit -v" 0 "last values" 60 --ulimit -- octal 0.106 --stream --n 3000000
run "--stream beyond the address space" 2 "maps about .* of address space" 5 --ulimit -- octal 0.106 --stream --n 100000000000
rm -f vv.nimv vv.nimv.partial
run "--values-file under ulimit -v" 0 "all equal" 60 --ulimit -- octal 0.106 --max 3000000 --values-file vv.nimv
run "census --jobs 10^6" 0 "8 games, 8 computed" 20 --ulimit -- census '0.1?' --max 1000 --jobs 1000000 --db j.sqlite

# 6. Ctrl-C stops the general engine within a second (it took 25–47 s).
"$bin" octal '0.*!3' --max 16384 >/dev/null 2>err &
pid=$!
sleep 6
kill -INT $pid
t0=$(date +%s%N)
wait $pid
status=$?
took=$(( ($(date +%s%N) - t0) / 1000000 ))
if [ $status != 130 ]; then fail "Ctrl-C on 0.*!3: exit $status, want 130"
elif [ $took -gt 1500 ]; then fail "Ctrl-C on 0.*!3: stopped after $took ms"
else ok; fi

# 11. A long run of the general engine says how long it should take.
timeout -s INT 4 "$bin" octal '0.*!3' --max 16384 >/dev/null 2>err
if grep -q "should take about" err; then ok; else fail "0.*!3 --max 16384: no estimate on stderr: $(head -c 200 err)"; fi

# 7. A census killed with kill -9 and resumed records what an uninterrupted one does.
family='0.?6?' max=4096 kills=1
[ "$mode" = full ] && family='0.???' max=65536 kills=3
"$bin" census "$family" --max $max --db whole.sqlite >/dev/null 2>&1 || fail "census $family: the uninterrupted run failed"
for _ in $(seq $kills); do
  "$bin" census "$family" --max $max --db killed.sqlite >/dev/null 2>&1 &
  pid=$!
  sleep 1
  kill -9 $pid 2>/dev/null
  wait $pid 2>/dev/null
done
"$bin" census "$family" --max $max --db killed.sqlite >/dev/null 2>&1 || fail "census $family: the resumed run failed"
for db in whole killed; do
  "$bin" census show --db $db.sqlite --format csv --all | cut -d, -f1,2,3,4,5,7,15 >$db.csv
done
if cmp -s whole.csv killed.csv; then ok; else fail "census $family: resumed after kill -9 differs: $(diff whole.csv killed.csv | head -4 | tr '\n' ' ')"; fi

# 9. Leftovers and '-'.
printf 'not a database, only text: long enough to have a header' >bad.sqlite
run "census merge BAD --into new" 2 "not a SQLite database" 5 -- census merge bad.sqlite --into new.sqlite
[ -e new.sqlite ] && fail "a failed merge left new.sqlite" || ok
run "values-file failing at start" 2 "values-memory" 10 -- octal 0.6 --n 1000 --values-file v.nimv --values-memory 1K
[ -e v.nimv.partial ] && fail "a failed values-file run left v.nimv.partial" || ok
run "--values-file -" 2 "standard output \('-'\) cannot hold it" 5 -- octal 0.106 --n 1000 --values-file -
run "--db -" 2 "standard output \('-'\) cannot hold it" 5 -- census '0.1?' --db -
run "graph -" 2 "not standard input" 5 -- graph -
[ -e ./- ] && fail "a file named '-' was written" || ok

# 10. Messages.
run "wide digits" 2 'unexpected "０" at character 3' 5 -- octal '0.０７'
run "--n out of range" 2 "--n 9223372036854775807 is out of range" 5 -- octal 0.07 --n 9223372036854775807
run "graph --kernels abc" 2 'for "--kernels" flag: not a whole number' 5 -- graph --kernels abc --game cycle:5
grep -q 'strconv\|nimlab graph:' err && fail "graph --kernels abc: Go's text in the message" || ok
for flag in --csv --checkpoint --compare; do
  run "empty $flag" 2 "$flag was given an empty value" 5 -- octal 0.07 "$flag" ''
done

# 11. A 100,000-digit code is refused at once (the notation's length limit),
# and so is a 20,000-digit one, far longer than the heaps asked for.
long="0.$(printf '7%.0s' $(seq 100000))"
run "100,000-digit code" 2 "more than the 65536 a code may have" 5 -- octal "$long" --max 4096
long="0.$(printf '7%.0s' $(seq 20000))"
run "20,000-digit code" 2 "the code has 20000 digits" 5 -- octal "$long" --max 4096

echo "reliability: $passed passed, $failed failed"
[ "$failed" = 0 ]
