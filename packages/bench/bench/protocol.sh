#!/usr/bin/env bash
# The whole OpenXAI protocol, timed: wall, CPU seconds (user + sys, every thread), peak RSS, the load
# before and after, and the sha256 of results.jsonl (compare it across builds: it must not move).
#
#   packages/bench/bench/protocol.sh [OUT=protocol-run] [extra xai bench flags...]
#
# Runs `xai bench --datasets all --full --preset openxai` from this checkout's build (pnpm build first).
# PROTOCOL_FLAGS replaces those three flags (e.g. a small sample: "--datasets heloc --instances 20 --preset openxai").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli="$here/../dist/cli.js"
out=${1:-protocol-run}
[ $# -gt 0 ] && shift
flags=${PROTOCOL_FLAGS:---datasets all --full --preset openxai}
if [ -e "$out" ]; then
  echo "protocol.sh: $out exists; give a new folder (or resume it with xai bench --resume)" >&2
  exit 2
fi
[ -f "$cli" ] || { echo "protocol.sh: $cli missing; run pnpm build" >&2; exit 2; }
timing=$(mktemp)
trap 'rm -f "$timing"' EXIT
echo "commit $(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo '?'); $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
# shellcheck disable=SC2086 # the flags are words
/usr/bin/time -f '%e %U %S %M' -o "$timing" node "$cli" bench $flags --out "$out" "$@"
read -r wall user sys rss <"$timing"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
awk -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" 'BEGIN {
  printf "wall %.1f s (%d min %d s); CPU %.1f s (user %.1f + sys %.1f); CPU / wall %.2f; peak RSS %.0f MB\n",
    w, w / 60, w % 60, u + s, u, s, (u + s) / w, r / 1024 }'
echo "results.jsonl sha256 $(sha256sum "$out/results.jsonl" | cut -d' ' -f1)"
node -e '
  const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const i = m.invocations.at(-1);
  console.log("stages (wall, s):", JSON.stringify(i.stages));
  console.log("unit CPU s by model/explainer:", JSON.stringify(i.unitCpuSeconds ?? null));
' "$out/manifest.json"
