#!/usr/bin/env bash
# Runs the Slurm recipe of packages/bench/README.md ("Scale-out") on a real single-node Slurm
# cluster, with the installed CLI (the packed tarballs, `npm install -g` into a temporary prefix),
# from a folder outside the checkout:
#   - array task 0 is requeued mid-run (scontrol requeue): the retry resumes and takes over the lease;
#   - array task 1 is cancelled mid-run (scancel), then resubmitted alone (--array=1): it resumes;
#   - array task 2 fails (its output path is a file), then is resubmitted alone once fixed;
#   - `xai merge` of the incomplete set must name the missing and the unfinished shard;
#   - the final merge must be byte-identical to one unsharded run, and each task must have used
#     the one CPU it was given (--cpus-per-task=1).
# Installs Debian's slurm-wlm and munge with apt-get when absent (needs root), starts munged,
# slurmctld and slurmd on private sockets and ports, stops every daemon it started, and prints
# one summary line (last line of output): "slurm-check: ok ..." or "slurm-check: FAILED ...".
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
start=$(date +%s)
W=$(mktemp -d /tmp/xai-slurm-check.XXXXXX)
pids=()
phase=setup
why=""

fail() {
  why="$*"
  exit 1
}
stop_daemons() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$pid" 2>/dev/null || true
  done
}
on_exit() {
  local rc=$?
  stop_daemons
  if [ "$rc" -ne 0 ]; then
    for f in "$W"/slurmctld.log "$W"/slurmd.log "$W"/run/*.out; do
      [ -f "$f" ] && { echo "--- $f (tail)"; tail -n 15 "$f"; }
    done
    echo "slurm-check: FAILED ($phase): ${why:-exit $rc}"
  fi
  rm -rf "$W"
}
trap on_exit EXIT
trap 'why="interrupted"; exit 143' TERM INT

# ---- install (Debian's packages; CI runs as root) -------------------------------------------
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  phase=apt-get
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >"$W/apt.log" 2>&1 || fail "apt-get update (see $W/apt.log)"
  apt-get install -y -qq --no-install-recommends slurm-wlm munge >>"$W/apt.log" 2>&1 || fail "apt-get install slurm-wlm munge"
fi

# ---- the CLI, installed from the packed tarballs ---------------------------------------------
phase=install-cli
mkdir -p "$W/tarballs" "$W/prefix"
node "$repo/scripts/pack-cli.mjs" "$W/tarballs" >/dev/null || fail "pnpm pack (scripts/pack-cli.mjs)"
# ONNX Runtime's installer would fetch optional CUDA binaries from nuget.org; its CPU runtime ships in the package.
ONNXRUNTIME_NODE_INSTALL=skip npm install --global --prefix "$W/prefix" --prefer-offline --no-audit --no-fund \
  "$W"/tarballs/*.tgz >"$W/npm.log" 2>&1 || fail "npm install -g of the tarballs: $(tail -n 3 "$W/npm.log")"
export PATH="$W/prefix/bin:$PATH"
command -v xai >/dev/null || fail "xai is not on PATH after npm install -g"

# ---- a single-node cluster on private sockets and ports ---------------------------------------
phase=cluster
node=$(hostname -s)
cpus=$(nproc)
mkdir -p "$W/state" "$W/spool" "$W/run" "$W/cache"
chmod 700 "$W"
dd if=/dev/urandom of="$W/munge.key" bs=1024 count=1 status=none
chmod 400 "$W/munge.key"
munged --force --key-file="$W/munge.key" --socket="$W/munge.socket" --pid-file="$W/munged.pid" \
  --log-file="$W/munged.log" --seed-file="$W/munged.seed" || fail "munged did not start"
for _ in $(seq 50); do [ -s "$W/munged.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$W/munged.pid")")
cat >"$W/slurm.conf" <<EOF
ClusterName=xaicheck
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$W/munge.socket
CredType=cred/munge
StateSaveLocation=$W/state
SlurmdSpoolDir=$W/spool
SlurmctldPidFile=$W/slurmctld.pid
SlurmdPidFile=$W/slurmd.pid
SlurmctldLogFile=$W/slurmctld.log
SlurmdLogFile=$W/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/affinity
TaskPluginParam=Cores
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
JobRequeue=1
ReturnToService=2
MpiDefault=none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MinJobAge=3600
SlurmdTimeout=300
InactiveLimit=0
KillWait=5
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=check Nodes=$node Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
EOF
export SLURM_CONF="$W/slurm.conf"
slurmctld -D -f "$SLURM_CONF" >"$W/slurmctld.stdout" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$node" >"$W/slurmd.stdout" 2>&1 &
pids+=($!)
for _ in $(seq 100); do
  sinfo -h -N -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)' && break
  sleep 0.3
done
sinfo -h -N -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)' || fail "the node never became idle: $(sinfo -h -N -o '%T %E' 2>&1)"

# ---- the recipe, as the README prints it -----------------------------------------------------
phase=recipe
awk '/<!-- recipe:slurm -->/{on=1; next} on && /^```bash/{inblock=1; next} inblock && /^```/{exit} inblock{print}' \
  "$repo/packages/bench/README.md" >"$W/xai-shards.sbatch"
grep -q -- '--array=0-3' "$W/xai-shards.sbatch" || fail "no Slurm recipe found in packages/bench/README.md"
cd "$W/run" # submitted from outside the checkout: nothing may come from the working directory
export XAI_OUT="$W/run/out" XAI_CACHE_DIR="$W/cache"
[ -d "$repo/../shared/datasets/pima" ] && export XAI_DATA_DIR="$repo/../shared/datasets" datasets=synthetic,pima || datasets=synthetic
export XAI_BENCH_ARGS="--datasets $datasets --explainers grad,sg,lime --metrics FA,PGI,RIS --instances 30 --stability-neighbours 10 --stability-samples 200"
mkdir -p "$XAI_OUT"
: >"$XAI_OUT/shard-2" # a file where task 2's output folder should be: that task fails

state() { scontrol -o show job "$1" 2>/dev/null | grep -oE 'JobState=[A-Z_]+' | head -n 1 | cut -d= -f2; }
units_done() { [ -f "$XAI_OUT/shard-$1/results.jsonl" ] && wc -l <"$XAI_OUT/shard-$1/results.jsonl" || echo 0; }
wait_for() { # wait_for <seconds> <description> <command...>
  local limit=$1 what=$2
  shift 2
  for _ in $(seq $((limit * 5))); do "$@" && return 0; sleep 0.2; done
  fail "timed out waiting for $what"
}
started() { [ "$(units_done "$1")" -gt 0 ]; }
pending() { [ "$(state "$1")" = PENDING ]; }
finished() { ! squeue -h -j "$1" 2>/dev/null | grep -q .; }

job=$(sbatch --parsable --cpus-per-task=1 --output="$W/run/%A_%a.out" "$W/xai-shards.sbatch") || fail "sbatch"
wait_for 300 "task 0 to write results" started 0
scontrol requeue "${job}_0" || fail "scontrol requeue ${job}_0"
# Slurm holds a requeued job for about two minutes; make it eligible now to keep CI short.
wait_for 120 "task 0 to be pending again" pending "${job}_0"
# Cancel task 1 as soon as it has results, before it can finish on a quiet machine.
wait_for 300 "task 1 to write results" started 1
scancel "${job}_1"
# Let slurmd finish killing task 0's old instance first (KillWait=5): relaunched sooner, Slurm
# refuses the batch step ("Job credential revoked") and the task ends FAILED.
sleep 6
scontrol update JobId="${job}_0" StartTime=now || fail "scontrol update ${job}_0 StartTime=now"
wait_for 600 "the array to finish" finished "$job"
[ "$(state "${job}_0")" = COMPLETED ] || fail "requeued task 0 ended $(state "${job}_0")"
[ "$(state "${job}_1")" = CANCELLED ] || fail "task 1 ended $(state "${job}_1"), expected CANCELLED"
[ "$(state "${job}_2")" = FAILED ] || fail "task 2 ended $(state "${job}_2"), expected FAILED"
[ "$(state "${job}_3")" = COMPLETED ] || fail "task 3 ended $(state "${job}_3")"
grep -q 'took over the lock' "$W/run/${job}_0.out" || fail "the requeued task 0 did not take over its lease"
takeover=$(grep -o 'took over the lock.*' "$W/run/${job}_0.out" | sed 's/.*): //')
grep -q 'resuming:' "$W/run/${job}_0.out" || fail "the requeued task 0 did not resume"

phase=merge-incomplete
rm -f "$XAI_OUT/shard-2"
if xai merge "$XAI_OUT"/shard-* --out "$W/run/partial" >"$W/partial.log" 2>&1; then fail "merge of an incomplete run succeeded"; fi
grep -q 'missing shard 3/4' "$W/partial.log" || fail "merge did not name the missing shard: $(cat "$W/partial.log")"
grep -q "unfinished: $XAI_OUT/shard-1 (shard 2/4" "$W/partial.log" || fail "merge did not name the unfinished shard: $(cat "$W/partial.log")"

phase=resubmit
again=$(sbatch --parsable --array=1,2 --cpus-per-task=1 --output="$W/run/%A_%a.out" "$W/xai-shards.sbatch") || fail "sbatch --array=1,2"
wait_for 600 "the resubmitted tasks" finished "$again"
for t in 1 2; do [ "$(state "${again}_$t")" = COMPLETED ] || fail "resubmitted task $t ended $(state "${again}_$t")"; done
grep -q 'resuming:' "$W/run/${again}_1.out" || fail "the resubmitted task 1 did not resume"
merged=$(sbatch --parsable --cpus-per-task=1 --output="$W/run/merge.out" --wrap "xai merge $XAI_OUT/shard-* --out $XAI_OUT/merged") || fail "sbatch merge"
wait_for 300 "the merge job" finished "$merged"
[ "$(state "$merged")" = COMPLETED ] || fail "the merge job ended $(state "$merged"): $(cat "$W/run/merge.out")"

phase=compare
# shellcheck disable=SC2086 # XAI_BENCH_ARGS is a list of flags
xai bench $XAI_BENCH_ARGS --out "$W/run/single" >"$W/single.log" 2>&1 || fail "the unsharded run: $(tail -n 3 "$W/single.log")"
# leaderboard.md differs by design: its receipt lists the commands that produced the run.
for f in results.jsonl summary.json summary.csv report.md report.html; do
  cmp -s "$XAI_OUT/merged/$f" "$W/run/single/$f" || fail "merged $f differs from one run's"
done
workers=$(for t in 0 1 2 3; do node -e "const m=require(process.argv[1]); process.stdout.write(m.config.workers+'/'+m.config.sources.allocation.cpus+' ')" "$XAI_OUT/shard-$t/manifest.json"; done)
[ "$workers" = "1/1 1/1 1/1 1/1 " ] || fail "workers/allocated CPUs per task: $workers (expected 1/1 each)"
units=$(node -e "process.stdout.write(String(require(process.argv[1]).completeUnits))" "$XAI_OUT/merged/manifest.json")

phase=done
echo "slurm-check: ok (Slurm $(sinfo -V | cut -d' ' -f2), $datasets): 4-task array with a requeue (lease taken over: ${takeover}), a cancel + resume and a failed task resubmitted; merge named the missing/unfinished shards, then ${units} units byte-identical to one run; 1 worker per 1-CPU task; $(($(date +%s) - start)) s"
