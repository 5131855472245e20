#!/usr/bin/env bash
# The README's test command under a parallel CPU stress: N busy processes (default 4 per CPU) spin
# beside `pnpm test`, as on a laptop doing other work or a shared CI runner. Tests assert results,
# never speed, so the suite must pass; the wall time it took is printed at the end.
#   bash scripts/stress-test.sh [N]
set -uo pipefail
cd "$(dirname "$0")/.."
busy=${1:-$((4 * $(nproc)))}
pids=()
for _ in $(seq "$busy"); do
  node -e 'for (;;) {}' &
  pids+=($!)
done
trap 'kill "${pids[@]}" 2>/dev/null' EXIT
start=$(date +%s)
# Every task runs again (no replay from turbo's cache): the point is to run the tests under load.
TURBO_FORCE=true pnpm test
rc=$?
echo "pnpm test beside $busy busy processes on $(nproc) CPUs: exit $rc after $(($(date +%s) - start)) s"
exit "$rc"
