#!/bin/bash
# The census's Slurm recipe run by a real Slurm: a single-node cluster on
# this machine (slurmctld, slurmd and munged in a folder of their own), the
# job array of census.sbatch, the merge job of census-merge.sbatch behind an
# afterok dependency, and the merged table compared with a single-process
# census. Then a task cancelled mid-run (scancel) and requeued, one requeued
# while running (what pre-emption does), and one run again alone with SHARDS:
# each resumed shard completes with the same rows, none computed twice. Last,
# bad input: the tasks fail with exit code 2 and the merge job never starts.
#
#   resources/slurm/test-slurm.sh [NIMLAB]        # as root; or: make test-slurm
#
# Root: it installs slurm-wlm and munge when missing (apt-get, without
# starting their system services), and slurmd runs jobs as root. It stops
# every daemon it started, also when it fails, and checks none is left.
# Ports 26817-26818 (SLURM_TEST_PORT=N uses N and N+1).
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
nimlab=${1:-${NIMLAB:-$repo/bin/nimlab-headless}}
FAMILY='0.??'
MAX=65536 # a census of 64 games; shard 2 of 4 holds two of ~4 s (0.06, 0.76)
TASKS=4
port=${SLURM_TEST_PORT:-26817}
deadline=300 # seconds any one wait may take

start_all=$EPOCHREALTIME
# since T: seconds since the time T (an $EPOCHREALTIME), one decimal.
since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
say() { printf 'test-slurm: %s\n' "$*"; }
fail() {
	printf 'test-slurm: FAIL: %s\n' "$*" >&2
	exit 1
}

[ "$(id -u)" = 0 ] || fail "needs root: it installs slurm-wlm and munge and runs slurmd, which starts jobs as their user"
[ -x "$nimlab" ] || fail "no nimlab binary at $nimlab (make headless, or pass its path)"
nimlab=$(realpath "$nimlab")
say "the jobs run $nimlab ($( (ldd "$nimlab" 2>&1 || true) | head -1 | sed 's/^[[:space:]]*//'))"

# --- packages -------------------------------------------------------------
missing=0
for f in /usr/sbin/slurmctld /usr/sbin/slurmd /usr/bin/sbatch /usr/sbin/munged /usr/bin/sqlite3; do
	[ -e "$f" ] || missing=1
done
if [ $missing = 1 ]; then
	say "installing slurm-wlm munge sqlite3"
	# policy-rc.d 101: the packages' services (munge, slurmd, slurmctld) are
	# not started by the installation; this test runs its own.
	policy=
	if [ ! -e /usr/sbin/policy-rc.d ]; then
		printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
		chmod +x /usr/sbin/policy-rc.d
		policy=1
	fi
	status=0
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge sqlite3 >/dev/null || status=$?
	[ -n "$policy" ] && rm -f /usr/sbin/policy-rc.d
	[ $status = 0 ] || fail "apt-get install slurm-wlm munge sqlite3 failed"
fi

# --- the cluster ------------------------------------------------------------
daemons=(munged slurmctld slurmd slurmstepd)
before=$(for d in "${daemons[@]}"; do pgrep -x "$d" || true; done | sort)
T=$(mktemp -d /tmp/nimlab-slurm.XXXXXX)
# munged wants every folder above its socket searchable by all and the key's
# folder private to root.
chmod 755 "$T"
mkdir -p "$T"/{key,run,state,spool,log}
chmod 700 "$T/key"
export SLURM_CONF=$T/slurm.conf
pids=()

cleanup() {
	local rc=$? pid left
	set +e
	trap - EXIT INT TERM
	if [ -n "${pids[*]}" ]; then
		# Jobs first, so that no slurmstepd outlives its slurmd.
		scancel --quiet --user=root 2>/dev/null
		for _ in $(seq 1 40); do
			[ -z "$(squeue -h -t RUNNING,COMPLETING 2>/dev/null)" ] && break
			sleep 0.5
		done
		for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill "${pids[i]}" 2>/dev/null; done
		for pid in "${pids[@]}"; do
			for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
			kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
		done
	fi
	sleep 1
	left=$(comm -13 <(echo "$before") <(for d in "${daemons[@]}"; do pgrep -x "$d" || true; done | sort))
	if [ -n "$left" ]; then
		echo "test-slurm: FAIL: daemons left running:" >&2
		ps -o pid,args -p $(echo $left) >&2
		rc=1
	else
		say "daemons stopped: no munged, slurmctld, slurmd or slurmstepd of this test is running"
	fi
	if [ $rc = 0 ]; then
		rm -rf "$T"
	else
		echo "test-slurm: logs kept in $T/log, the jobs' folders in $T" >&2
	fi
	exit $rc
}
trap cleanup EXIT
trap 'echo "test-slurm: FAIL: line $LINENO: $BASH_COMMAND" >&2' ERR
trap 'exit 130' INT TERM

dd if=/dev/urandom of="$T/key/munge.key" bs=1024 count=1 status=none
chmod 400 "$T/key/munge.key"
host=$(hostname -s)
mem=$(($(awk '/^MemTotal:/ {print $2}' /proc/meminfo) / 1024))
cat >"$SLURM_CONF" <<EOF
# One node, this machine: no systemd and no cgroup delegation needed
# (linuxproc tracks a job's processes, no task binding, no accounting).
ClusterName=nimlabtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# cred_expire: a requeued job waits this long before it starts again (its
# old credential must expire first; 120 s by default).
AuthInfo=socket=$T/run/munge.socket,cred_expire=10
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/run/slurmctld.pid
SlurmdPidFile=$T/run/slurmd.pid
SlurmctldLogFile=$T/log/slurmctld.log
SlurmdLogFile=$T/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$T/log/jobcomp.log
MailProg=/bin/true
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
ReturnToService=2
MinJobAge=3600
KillWait=5
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF

munged -F --key-file="$T/key/munge.key" --seed-file="$T/key/munged.seed" \
	--socket="$T/run/munge.socket" --pid-file="$T/run/munged.pid" \
	--log-file="$T/log/munged.log" >"$T/log/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 1 40); do [ -S "$T/run/munge.socket" ] && break; sleep 0.25; done
munge -n -S "$T/run/munge.socket" | unmunge -S "$T/run/munge.socket" >/dev/null ||
	fail "munged does not answer (log: $T/log/munged.out)"
slurmctld -D -f "$SLURM_CONF" >"$T/log/slurmctld.out" 2>&1 &
pids+=($!)
sleep 1
slurmd -D -N "$host" -f "$SLURM_CONF" >"$T/log/slurmd.out" 2>&1 &
pids+=($!)
state=
for _ in $(seq 1 120); do
	state=$(sinfo -h -N -o %T 2>/dev/null || true)
	[ "$state" = idle ] && break
	sleep 0.5
done
[ "$state" = idle ] || fail "the node is not idle after 60 s (state '$state'; logs in $T/log)"
say "cluster up: $(sinfo --version), node $host ($(sinfo -h -N -o '%c CPUs, %m MB')), munged, slurmctld, slurmd in $T"

# --- helpers ----------------------------------------------------------------
# field JOB NAME: a field of scontrol's one-line record of a job (or task).
field() {
	{ scontrol -o show job "$1" 2>/dev/null || true; } | head -1 | tr ' ' '\n' | sed -n "s/^$2=//p" | head -1
}
# wait_state JOB STATE: waits until the job is in the state; fails when it
# ends in another, or waits for a dependency that cannot be satisfied.
wait_state() {
	local s
	for _ in $(seq 1 $((deadline * 4))); do
		s=$(field "$1" JobState)
		[ "$s" = "$2" ] && return 0
		case "$s" in COMPLETED | CANCELLED | FAILED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY | BOOT_FAIL | DEADLINE | PREEMPTED)
			fail "job $1 is $s (exit $(field "$1" ExitCode)), not $2; logs: $(ls "$PWD"/*.out 2>/dev/null | tr '\n' ' ')" ;;
		esac
		[ "$(field "$1" Reason)" = DependencyNeverSatisfied ] &&
			fail "job $1 waits for a dependency that can no longer be satisfied ($(field "$1" Dependency))"
		sleep 0.25
	done
	fail "job $1 is $(field "$1" JobState) after $deadline s, not $2"
}
# wait_reason JOB REASON: waits until a pending job gives the reason.
wait_reason() {
	for _ in $(seq 1 $((deadline * 4))); do
		[ "$(field "$1" Reason)" = "$2" ] && return 0
		sleep 0.25
	done
	fail "job $1 is $(field "$1" JobState) for reason $(field "$1" Reason) after $deadline s, not $2"
}
# rows DB: the number of games recorded in a census database (0 when none).
rows() {
	[ -e "$1" ] || {
		echo 0
		return
	}
	sqlite3 "$1" 'SELECT count(*) FROM results' 2>/dev/null || echo 0
}
# wait_rows DB N: waits until the database holds at least N games.
wait_rows() {
	for _ in $(seq 1 $((deadline * 20))); do
		[ "$(rows "$1")" -ge "$2" ] && return 0
		sleep 0.05
	done
	fail "$1 holds $(rows "$1") games after $deadline s"
}
# What a census database says of each game, in the columns a run that takes
# another path to the same game cannot change: all but seconds, host,
# computed_at and same_as (which records the shortcut taken, see same_as()).
RESULT_COLUMNS="code, octal, family, engine, max_heaps, time_limit_ms, status, stopped_by, heaps,
  period, preperiod, saltus, period_kind, proof, max_value, max_at, rare_mask, rare_count, last_rare,
  hex(fingerprints)"
table() { sqlite3 "$1" "SELECT $RESULT_COLUMNS FROM results ORDER BY code"; }
# shown DB: census show's table (with each game's class and shift), but for
# the same_as and seconds columns.
shown() { "$nimlab" census show --db "$1" --all --format csv | cut -d, -f1-14; }
# same_table A B WHAT: the two databases hold the same games with the same results.
same_table() {
	local a b
	a=$(table "$1") b=$(table "$2")
	[ -n "$a" ] || fail "$1 holds no games"
	if [ "$a" != "$b" ]; then
		diff <(echo "$a") <(echo "$b") | head -20 >&2
		fail "$3: the tables of $1 and $2 differ"
	fi
	a=$(shown "$1") b=$(shown "$2")
	if [ "$a" != "$b" ]; then
		diff <(echo "$a") <(echo "$b") | head -20 >&2
		fail "$3: census show prints different tables (classes) for $1 and $2"
	fi
}
# same_as A B: the games whose same_as differs between the two databases.
same_as() {
	diff <(sqlite3 "$1" "SELECT code || ' ' || same_as FROM results ORDER BY code") \
		<(sqlite3 "$2" "SELECT code || ' ' || same_as FROM results ORDER BY code") |
		sed -n 's/^< \([^ ]*\) .*/\1/p' | tr '\n' ' ' || true
}
# tasks JOB: one line a task of an array: id, state, exit code, start, end, run time.
tasks() {
	local t
	for t in $(seq 0 $((TASKS - 1))); do
		printf '  %s_%s  %-9s exit %-4s start %s  end %s  run %s  restarts %s\n' "$1" "$t" \
			"$(field "${1}_$t" JobState)" "$(field "${1}_$t" ExitCode)" "$(field "${1}_$t" StartTime)" \
			"$(field "${1}_$t" EndTime)" "$(field "${1}_$t" RunTime)" "$(field "${1}_$t" Restarts)"
	done
}
# after MERGE ARRAY: the merge job started when every task had ended.
after() {
	local start last first t e b
	start=$(field "$1" StartTime)
	last= first=9
	for t in $(seq 0 $((TASKS - 1))); do
		e=$(field "${2}_$t" EndTime) b=$(field "${2}_$t" StartTime)
		[[ "$e" > "$last" ]] && last=$e
		[[ "$b" < "$first" ]] && first=$b
	done
	[[ ! "$start" < "$last" ]] || fail "merge job $1 started at $start, before the last task ended ($last)"
	e=$(field "$1" EndTime)
	say "   merge job $1 $(field "$1" JobState), started $start, after the last task ended at $last; ended $e"
	span=$(($(date -d "$e" +%s) - $(date -d "$first" +%s)))
}
# requeued JOB: the job is pending again, to start when its old credential
# has expired (cred_expire). Moving its StartTime earlier is not safe: a job
# started while its old credential is still revoked fails ("Job credential
# revoked", exit 1), and an afterok on it fails with it.
requeued() {
	wait_state "$1" PENDING
	say "   task $1 pending again, eligible at $(field "$1" EligibleTime)"
}
census_line() { grep -h '^census of' "$@" | tail -1; }
# resumed ARRAY TASK MARK ATTEMPT: the requeued task ran once more, and its
# log (appended to) shows the earlier attempt by MARK; sets line to the
# census line of the resumed run.
resumed() {
	local log=nimlab-census-${1}_$2.out
	[ "$(field "${1}_$2" Restarts)" = 1 ] || fail "requeued task has Restarts=$(field "${1}_$2" Restarts)"
	grep -q "$3" "$log" || fail "$log does not show the $4"
	line=$(census_line "$log")
	say "   resumed: $line"
}
sbatch_census() { FAMILY=$FAMILY MAX=$MAX NIMLAB=$nimlab sbatch --parsable "$@" "$repo/resources/slurm/census.sbatch"; }
sbatch_merge() { NIMLAB=$nimlab sbatch --parsable "$@" "$repo/resources/slurm/census-merge.sbatch"; }

# --- the reference: one process ----------------------------------------------
t0=$EPOCHREALTIME
"$nimlab" census "$FAMILY" --max "$MAX" --db "$T/single.sqlite" >"$T/log/single.out"
single_s=$(since "$t0")
say "single process: $(census_line "$T/log/single.out" | sed 's/^census of //') (wall $single_s s)"
games=$(rows "$T/single.sqlite")

# --- 1. the array, the merge after it -----------------------------------------
mkdir "$T/run1" && cd "$T/run1"
say "1. FAMILY='$FAMILY' MAX=$MAX sbatch --array=0-$((TASKS - 1)) --wait census.sbatch; the merge job afterok"
t0=$EPOCHREALTIME
(
	status=0
	sbatch_census --array=0-$((TASKS - 1)) --wait >array.id 2>array.err || status=$?
	echo $status >array.rc
) &
waiter=$!
for _ in $(seq 1 100); do [ -s array.id ] && break; sleep 0.1; done
jid=$(head -1 array.id)
[ -n "$jid" ] || fail "sbatch did not submit the array: $(cat array.err)"
mid=$(sbatch_merge --dependency="afterok:$jid")
say "   array job $jid, merge job $mid ($(field "$mid" JobState), $(field "$mid" Reason))"
wait "$waiter" || true
[ "$(cat array.rc)" = 0 ] || fail "sbatch --wait exited $(cat array.rc): $(cat array.err)"
wait_state "$mid" COMPLETED
wall1=$(since "$t0")
tasks "$jid"
for t in $(seq 0 $((TASKS - 1))); do
	[ "$(field "${jid}_$t" JobState)" = COMPLETED ] || fail "task ${jid}_$t is $(field "${jid}_$t" JobState)"
	say "   task $t: $(census_line nimlab-census-${jid}_$t.out)"
done
say "   $TASKS array tasks COMPLETED"
after "$mid" "$jid"
grep -h '^merged' nimlab-census-merge-"$mid".out | sed 's/^/test-slurm:    /'
same_table "$T/single.sqlite" census.sqlite "the merged table"
say "   the merged table equals the single-process one: $(rows census.sqlite) games of $games"
span1=$span
say "   times: first task start to merge end ${span1} s on the scheduler; sbatch --wait returned, and the merge ended, $wall1 s after submission"
d=$(same_as "$T/single.sqlite" census.sqlite)
[ -z "$d" ] || say "   same_as differs on $d(a game's values are checked against the game it extends only when both run in one process; the values, fingerprints and classes agree)"
ref=$T/run1/census-shards

# --- 2. a task cancelled mid-run, requeued ------------------------------------
mkdir "$T/run2" && cd "$T/run2"
victim=2
want=$(rows "$ref/shard-$victim.sqlite")
say "2. the same array with one CPU a task; task $victim cancelled mid-run, requeued"
jid=$(sbatch_census --array=0-$((TASKS - 1)) --cpus-per-task=1)
mid=$(sbatch_merge --dependency="afterok:$jid")
db=census-shards/shard-$victim.sqlite
wait_rows "$db" $((want / 2))
scancel "${jid}_$victim"
wait_state "${jid}_$victim" CANCELLED
kept=$(rows "$db")
[ "$kept" -ge 1 ] && [ "$kept" -lt "$want" ] || fail "task $victim was cancelled with $kept of $want games done: not mid-run"
snapshot=$(sqlite3 "$db" 'SELECT code, computed_at, seconds, host FROM results ORDER BY code')
say "   task ${jid}_$victim CANCELLED (exit $(field "${jid}_$victim" ExitCode)) with $kept of $want games recorded"
for t in $(seq 0 $((TASKS - 1))); do
	[ $t = $victim ] || wait_state "${jid}_$t" COMPLETED
done
# A whole-array afterok fails for good once a task is cancelled, even when
# the task is requeued and succeeds: the merge is submitted again.
wait_reason "$mid" DependencyNeverSatisfied
say "   merge job $mid: DependencyNeverSatisfied ($(field "$mid" Dependency)); cancelled, submitted again after the requeue"
scancel "$mid"
# computed_at has whole seconds: the cancelled task's last games may carry
# this very second, so the requeue time is taken a second later.
sleep 1
requeued_at=$(date -u +%FT%TZ)
scontrol requeue "${jid}_$victim"
requeued "${jid}_$victim"
mid=$(sbatch_merge --dependency="afterok:${jid}_$victim")
wait_state "$mid" COMPLETED
tasks "$jid"
[ "$(field "${jid}_$victim" JobState)" = COMPLETED ] || fail "requeued task is $(field "${jid}_$victim" JobState)"
after "$mid" "$jid"
resumed "$jid" "$victim" 'CANCELLED' "cancelled attempt (--open-mode=append)"
[[ "$line" == *"$want games, $((want - kept)) computed"*", $kept already in"* ]] ||
	fail "the resumed task did not skip exactly the $kept games recorded before the cancel"
now=$(sqlite3 "$db" 'SELECT code, computed_at, seconds, host FROM results ORDER BY code')
[ "$(grep -cFx -f <(echo "$snapshot") <(echo "$now"))" = "$kept" ] ||
	fail "a game recorded before the cancel was computed again (its computed_at or seconds changed)"
late=$(sqlite3 "$db" "SELECT count(*) FROM results WHERE computed_at >= '$requeued_at'")
[ "$late" = $((want - kept)) ] || fail "$late games computed after the requeue, not $((want - kept))"
same_table "$ref/shard-$victim.sqlite" "$db" "the resumed shard"
same_table "$T/single.sqlite" census.sqlite "the merged table after the requeue"
say "   the database: the $kept games recorded before the cancel are unchanged (computed_at, seconds), the other $late computed after the requeue; the shard equals the uninterrupted one and the merged table the single-process one"

# --- 3. a running task requeued (pre-emption) -----------------------------------
mkdir "$T/run3" && cd "$T/run3"
say "3. the same array; task $victim requeued while running, as pre-emption does; the merge afterok on the whole array"
jid=$(sbatch_census --array=0-$((TASKS - 1)) --cpus-per-task=1)
mid=$(sbatch_merge --dependency="afterok:$jid")
db=census-shards/shard-$victim.sqlite
wait_rows "$db" $((want / 2))
scontrol requeue "${jid}_$victim"
requeued "${jid}_$victim"
wait_state "$mid" COMPLETED
tasks "$jid"
after "$mid" "$jid"
resumed "$jid" "$victim" 'DUE TO JOB REQUEUE' "requeued attempt"
[[ "$line" == *"$want games, "*" already in"* && "$line" != *", 0 already in"* ]] ||
	fail "the requeued task skipped no game"
same_table "$ref/shard-$victim.sqlite" "$db" "the requeued shard"
same_table "$T/single.sqlite" census.sqlite "the merged table after the pre-emption"
say "   the merge job ran after the requeued task; the shard and the merged table are equal to the uninterrupted ones"

# --- 4. one task run again alone ------------------------------------------------
mkdir "$T/run4" && cd "$T/run4"
say "4. task 3 run again alone: SHARDS=$TASKS sbatch --array=3 --wait census.sbatch"
FAMILY=$FAMILY MAX=$MAX NIMLAB=$nimlab SHARDS=$TASKS sbatch --array=3 --wait "$repo/resources/slurm/census.sbatch" >/dev/null
line=$(census_line nimlab-census-*_3.out)
say "   $line"
[[ "$line" == *"(shard 3/$TASKS)"* ]] || fail "the task did not compute shard 3/$TASKS"
same_table "$ref/shard-3.sqlite" census-shards/shard-3.sqlite "task 3 alone"
say "   its shard equals task 3's of the whole array"

# --- 5. bad input: the tasks fail with exit code 2, the merge never starts ------
mkdir "$T/run5" && cd "$T/run5"
say "5. FAMILY='x.??': both tasks FAILED with exit code 2, the merge job never starts"
jid=$(FAMILY='x.??' MAX=$MAX NIMLAB=$nimlab sbatch --parsable --array=0-1 "$repo/resources/slurm/census.sbatch")
mid=$(sbatch_merge --dependency="afterok:$jid")
for t in 0 1; do
	wait_state "${jid}_$t" FAILED
	[ "$(field "${jid}_$t" ExitCode)" = 2:0 ] || fail "task ${jid}_$t exited $(field "${jid}_$t" ExitCode), not 2:0"
done
say "   task ${jid}_0: ExitCode=$(field "${jid}_0" ExitCode), its log: $(grep -h '^nimlab:' "nimlab-census-${jid}_0.out")"
wait_reason "$mid" DependencyNeverSatisfied
say "   merge job $mid: DependencyNeverSatisfied"
scancel "$mid"

say "PASS in $(since "$start_all") s; census of $FAMILY to $MAX heaps: single process $single_s s; the $TASKS-task array and its merge ${span1} s from the first task's start to the merge's end ($wall1 s from submission to sbatch --wait's return)"
