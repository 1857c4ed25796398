#!/usr/bin/env bash
# Where a signed-in full render spends its CPU (`make profile`; builds nothing).
#
# For `/`, `/list?st=2`, `/detail?prodId=1` and `/cart`, as the demo buyer: the release server
# renders the page under load (wrk) while `perf` samples it, and each recording becomes
#
#  - a flamegraph, target/profile/<page>.svg (inferno), and its folded stacks beside it;
#  - a line of shares (scripts/profile_breakdown.mjs): the database, JSON, the in-process API
#    calls' routing and handlers, Fluent, the HTML, the runtime and the kernel.
#
# Loopback only, bounded in time. Tunables: PROFILE_PORT (3205), PROFILE_SECONDS (5),
# PROFILE_HZ (999); SERVER_BIN and SITE_ROOT to profile another build, OUT for the folder.
set -euo pipefail

cd "$(dirname "$0")/.."

source scripts/bench_server.sh
bench_script profile "${PROFILE_PORT:-3205}"
SECONDS_SAMPLED="${PROFILE_SECONDS:-5}"
HZ="${PROFILE_HZ:-999}"
OUT="${OUT:-target/profile}"

require_free_bench_server "$BASE/"
for tool in perf wrk inferno-collapse-perf inferno-flamegraph; do
  command -v "$tool" >/dev/null || die "$tool is not installed (make profile installs it)"
done

start_bench_server "$OUT" "$PORT"
wait_for_bench_server "$OUT" "$BASE/" || true
# The search index is built in the background after start-up, and the home's shared sections
# are cached for five seconds: wait until both hold what a running shop serves.
sleep 8

demo_buyer_cookie "$OUT" "$BASE"

for page in "${RENDER_PAGES[@]}"; do
  name=$(echo "$page" | sed 's/^\/$/home/; s/^\///; s/[^A-Za-z0-9]\+/-/g; s/-$//')
  wrk -t1 -c8 -d2s -H "Cookie: $COOKIE" "$BASE$page" >/dev/null
  wrk -t1 -c8 -d"$((SECONDS_SAMPLED + 3))s" -H "Cookie: $COOKIE" "$BASE$page" >"$OUT/$name.wrk.txt" &
  load=$!
  sleep 1
  perf record -q -F "$HZ" --call-graph dwarf,65528 -p "$SERVER_PID" -o "$OUT/$name.perf.data" -- sleep "$SECONDS_SAMPLED" 2>/dev/null
  wait "$load"
  perf script --no-inline -i "$OUT/$name.perf.data" 2>/dev/null | inferno-collapse-perf >"$OUT/$name.folded"
  rm -f "$OUT/$name.perf.data"
  inferno-flamegraph --title "Signed-in full render of $page" --minwidth 0.2 <"$OUT/$name.folded" >"$OUT/$name.svg"
  echo "$page ($(awk '/^Requests\/sec:/ { print $2 }' "$OUT/$name.wrk.txt") renders/s under the profiler)"
  node scripts/profile_breakdown.mjs "$OUT/$name.folded"
done
echo "Flamegraphs: $OUT/*.svg"
