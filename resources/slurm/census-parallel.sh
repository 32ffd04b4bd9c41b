#!/bin/bash
# A census spread over machines with GNU parallel: one shard a job slot,
# each writing its own SQLite file, then one merge. Every machine needs the
# nimlab binary on its PATH (or set NIMLAB) and the working directory on a
# shared file system (or add --return/--cleanup, see below).
#
#   FAMILY='0.???' SHARDS=12 SSHLOGINS='2/node1,2/node2,:' resources/slurm/census-parallel.sh
#
# SSHLOGINS is parallel's --sshlogin list ("2/node1" runs two jobs on node1,
# ":" is this machine); leave it empty to run every shard here. Without a
# shared file system, use parallel's file transfer instead of the shared
# directory:
#   parallel --sshlogin node1,node2 --return shard-{}.sqlite --cleanup \
#     nimlab census "'0.???'" --shard {}/12 --db shard-{}.sqlite ::: $(seq 0 11)
set -euo pipefail
FAMILY=${FAMILY:-0.???}
MAX=${MAX:-1048576}
SHARDS=${SHARDS:-4}
# The nodes need no display: the headless build (make headless, or a
# release's nimlab-VERSION-linux-amd64-headless) as nimlab on PATH, or NIMLAB=its path.
NIMLAB=${NIMLAB:-nimlab}
OUT=${OUT:-census-shards}
SSHLOGINS=${SSHLOGINS:-}
mkdir -p "$OUT"

remote=()
[ -n "$SSHLOGINS" ] && remote=(--sshlogin "$SSHLOGINS" --workdir "$PWD")
# --halt now,fail=1 stops at the first failing shard; rerunning the script
# resumes (finished games are skipped). --jobs 1 inside each shard: parallel
# already fills the cores with shards.
parallel --will-cite --halt now,fail=1 --line-buffer "${remote[@]}" \
  "$NIMLAB" census "'$FAMILY'" --max "$MAX" --jobs 1 --shard "{}/$SHARDS" --db "$OUT/shard-{}.sqlite" \
  ::: $(seq 0 $((SHARDS - 1)))
"$NIMLAB" census merge "$OUT"/shard-*.sqlite --into "${INTO:-census.sqlite}"
