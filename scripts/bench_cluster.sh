#!/usr/bin/env bash
# The cluster part of `make bench`: the storefront as `make cluster` runs it (PostgreSQL, nodes on
# 127.0.0.1:3401-3403, HAProxy round-robin on 127.0.0.1:3400), the nodes with MALL_BENCH=1.
#
# 1. Flash sale through the balancer, 1 node then 3 nodes (a fresh database each), five sales
#    on each (BENCH_FLASH_RUNS): the median's attempts/s and p99 side by side (server/examples/bench_orders/ flash-sale, as
#    scripts/bench_flash_sale.sh runs it); goal: 3 nodes not slower than 1 by more than 20 % on
#    this 2-core machine; the outcome checks must pass (every unit sold once or still in stock,
#    every answered order stored; whether the burst sold out is reported).
# 2. The signed-in demo buyer's full render of `/` through the balancer against one node
#    directly (wrk): requests/s ratio.
# 3. Search lag across nodes: 50 product renames written to the database; for each, the time
#    until all three nodes' `/api/search/page` find it; p50 and max (promise: under 2 s).
# 4. Fault run: 20 s of orders through the balancer (bench_orders fault), node-2 killed with
#    SIGKILL after 8 s and started again; checked: every order answered with success is stored,
#    stock before - units sold = stock after, nothing sold twice; the errors clients saw while
#    the balancer noticed are counted and reported.
# Loopback only, bounded in time (about 6 minutes). Exits 1 when a check fails.
# Tunables: BENCH_CLUSTER_ATTEMPTS (5000), BENCH_FLASH_RUNS (5), BENCH_UNITS (100), BENCH_FLASH_CONNECTIONS (128),
# BENCH_FAULT_SECONDS (20), BENCH_FAULT_KILL_AFTER (8), BENCH_LAG_CHANGES (50),
# BENCH_RENDER_SECONDS (5), and scripts/cluster/common.sh's MALL_CLUSTER_*.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cluster/common.sh

ATTEMPTS="${BENCH_CLUSTER_ATTEMPTS:-5000}"
UNITS="${BENCH_UNITS:-100}"
CONNECTIONS="${BENCH_FLASH_CONNECTIONS:-128}"
FAULT_SECONDS="${BENCH_FAULT_SECONDS:-20}"
KILL_AFTER="${BENCH_FAULT_KILL_AFTER:-8}"
LAG_CHANGES="${BENCH_LAG_CHANGES:-50}"
RENDER_SECONDS="${BENCH_RENDER_SECONDS:-5}"
OUT="target/bench-cluster"
GEN=./target/release/examples/bench_orders
BAL="http://127.0.0.1:$CLUSTER_PORT"

die() { echo "bench-cluster: $*" >&2; exit 1; }
[[ -x ./target/release/server ]] || die "./target/release/server is missing; run 'make build' first"
for part in balancer node-1 node-2 node-3; do
  [[ -z "$(cluster_live_pid "$part")" ]] || die "a cluster is running; 'make cluster-stop' first"
done
command -v wrk >/dev/null || die "wrk is missing (make bench installs it)"
command -v jq >/dev/null || die "jq is missing (make bench installs it)"
LEPTOS_OUTPUT_NAME=mall cargo build --release -q -p server --example bench_orders
rm -rf "$OUT"
mkdir -p "$OUT"
export MALL_BENCH=1
GEN_PID=""
cleanup() {
  [[ -n "$GEN_PID" ]] && kill "$GEN_PID" 2>/dev/null || true
  bash scripts/cluster/stop.sh >/dev/null 2>&1 || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM

failed=0
results=()
result_of() { grep '^RESULT ' "$1" | tail -n1 | sed 's/^RESULT //' || true; }
field() { sed -n "s/.* $2=\([^ ]*\).*/\1/p" <<<"$1"; }

# --- 1. Flash sale, 1 node vs 3 nodes through the balancer: FLASH_RUNS sales on each cluster
# (a burst lasts about a second, so one run is mostly noise on two cores), the median's run of
# each side compared.
flash() { # nodes
  local nodes=$1 log="$OUT/flash-$1-node" run status
  echo
  echo "== Flash sale through the balancer, $nodes node(s): $FLASH_RUNS sales of $ATTEMPTS buyers for $UNITS units =="
  MALL_CLUSTER_NODES=$nodes bash scripts/cluster/start.sh >"$log.start.txt" 2>&1 || { cat "$log.start.txt" >&2; die "the cluster did not start"; }
  for run in $(seq 1 "$FLASH_RUNS"); do
    status=0
    timeout 300 "$GEN" flash-sale --base "$BAL" --database-url "$CLUSTER_DB_URL" --attempts "$ATTEMPTS" --units "$UNITS" \
      --connections "$CONNECTIONS" --label "${nodes}-node" >"$log-$run.txt" 2>&1 || status=$?
    [[ $run == 1 ]] && { grep -v '^RESULT ' "$log-$run.txt" || true; }
    [[ $status == 0 ]] || { failed=1; grep -v '^RESULT ' "$log-$run.txt" || true; echo "  FAILED: the flash sale's checks, run $run (exit $status)"; }
    echo "  run $run: $(result_of "$log-$run.txt")"
  done
}
# The run whose rate is the median of the side's runs.
median_run() { # nodes
  local f
  for f in "$OUT/flash-$1-node-"[0-9]*.txt; do
    echo "$(field "$(result_of "$f")" rate) $f"
  done | sort -n | awk '{ line[NR] = $2 } END { print line[int((NR + 1) / 2)] }'
}
FLASH_RUNS="${BENCH_FLASH_RUNS:-5}"
flash 1
bash scripts/cluster/stop.sh >/dev/null
flash 3
one=$(result_of "$(median_run 1)"); three=$(result_of "$(median_run 3)")
results+=("flash-sale median of $FLASH_RUNS: $one" "flash-sale median of $FLASH_RUNS: $three")
rate1=$(field "$one" rate); rate3=$(field "$three" rate)
p99_1=$(field "$one" p99_ms); p99_3=$(field "$three" p99_ms)
ratio=$(awk -v a="${rate3:-0}" -v b="${rate1:-0}" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
goal=$(awk -v r="$ratio" 'BEGIN { print (r >= 0.8 ? "met" : "NOT MET") }')
echo
echo "  flash sale through HAProxy, medians of $FLASH_RUNS: 1 node ${rate1:-?} attempts/s p99 ${p99_1:-?} ms | 3 nodes ${rate3:-?} attempts/s p99 ${p99_3:-?} ms | 3/1 = $ratio (goal >= 0.80: $goal)"
results+=("flash-sale 1-vs-3 nodes: rate ratio $ratio of the medians (goal >= 0.80: $goal)")

# --- 2. Signed-in render of / through the balancer vs one node directly.
echo
echo "== Signed-in full render of / : through the balancer vs node-1 directly (${RENDER_SECONDS} s each) =="
token=$(curl -s --max-time 10 -H 'content-type: application/json' \
  -d '{"userName":"demo.buyer@example.com","passWord":"Demo1234!"}' "$BAL/api/login" | jq -r '.data.accessToken // empty')
[[ -n "$token" ]] || die "the demo buyer could not sign in through the balancer"
render() { # url label
  local out="$OUT/render-$2.txt"
  [[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -H "Cookie: lang=en; token=$token" "$1/")" == 200 ]] ||
    { failed=1; echo "  FAILED: / through $2 did not answer 200"; }
  wrk -t2 -c8 -d"${RENDER_SECONDS}s" -H "Cookie: lang=en; token=$token" "$1/" >"$out" 2>&1 || true
  if grep -q 'Non-2xx' "$out"; then failed=1; echo "  FAILED: $2: $(grep 'Non-2xx' "$out")"; fi
  awk '/Requests\/sec/ { print $2 }' "$out"
}
via_balancer=$(render "$BAL" balancer)
direct=$(render "http://127.0.0.1:$((CLUSTER_PORT + 1))" direct)
render_ratio=$(awk -v a="${via_balancer:-0}" -v b="${direct:-0}" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
echo "  / signed in: balancer ${via_balancer:-?} req/s, node-1 directly ${direct:-?} req/s, ratio $render_ratio"
results+=("render / signed in: balancer ${via_balancer:-?} req/s vs direct ${direct:-?} req/s, ratio $render_ratio")

# --- 3. Search lag across the three nodes.
echo
echo "== Search lag across 3 nodes over $LAG_CHANGES changes =="
prod=$(cluster_db_psql "SELECT MIN(prod_id) FROM product WHERE status = 1")
lags=()
for i in $(seq 1 "$LAG_CHANGES"); do
  word="lagprobe$i$RANDOM"
  cluster_db_psql "UPDATE product SET prod_name_en = 'Probe $word' WHERE prod_id = $prod" >/dev/null
  t0=$(date +%s%N)
  pending=(1 2 3)
  while ((${#pending[@]})); do
    still=()
    for n in "${pending[@]}"; do
      curl -s --max-time 2 "http://127.0.0.1:$((CLUSTER_PORT + n))/api/search/page?keyword=$word&current=1&size=10" |
        jq -e --argjson p "$prod" '[.data.records[0].products[]?.prodId] | index($p) != null' >/dev/null 2>&1 || still+=("$n")
    done
    pending=("${still[@]}")
    if ((${#pending[@]})); then
      (($(date +%s%N) - t0 < 10000000000)) || { failed=1; echo "  FAILED: change $i not on nodes ${pending[*]} after 10 s"; break; }
      sleep 0.02
    fi
  done
  lags+=($((($(date +%s%N) - t0) / 1000000)))
done
read -r lag_p50 lag_max < <(printf '%s\n' "${lags[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)], v[NR] }')
lag_goal=$(awk -v m="$lag_max" 'BEGIN { print (m < 2000 ? "met" : "NOT MET") }')
echo "  search lag (slowest of 3 nodes per change): p50 ${lag_p50} ms, max ${lag_max} ms (promise < 2000 ms: $lag_goal)"
[[ $lag_goal == met ]] || failed=1
results+=("search lag over $LAG_CHANGES changes: p50 ${lag_p50} ms, max ${lag_max} ms")

# --- 4. Fault run: node-2 killed with SIGKILL under load, then started again.
echo
echo "== Fault run through the balancer: ${FAULT_SECONDS} s of orders, node-2 killed (SIGKILL) after ${KILL_AFTER} s and restarted =="
log="$OUT/fault"
timeout $((FAULT_SECONDS + 240)) "$GEN" fault --base "$BAL" --database-url "$CLUSTER_DB_URL" --seconds "$FAULT_SECONDS" \
  --label cluster >"$log.txt" 2>&1 &
GEN_PID=$!
sleep "$KILL_AFTER"
victim=$(cluster_live_pid node-2)
[[ -n "$victim" ]] || die "node-2 is not running"
kill -9 "$victim"
killed_at=$(date +%s.%N)
# The balancer's view: when it took node-2 out of the rotation.
down=""
for _ in $(seq 1 100); do
  if grep -q 'node-2 is DOWN' "$CLUSTER_DIR/haproxy.log" 2>/dev/null; then
    down=$(awk -v a="$killed_at" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'); break
  fi
  sleep 0.1
done
start_node 2 >/dev/null
wait_ready 2 >/dev/null
back=$(awk -v a="$killed_at" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
status=0
wait "$GEN_PID" || status=$?
GEN_PID=""
echo "  node-2 (pid $victim) killed ${KILL_AFTER} s into the load; HAProxy marked it down after ${down:-?} s; ready again after ${back} s"
grep -v '^RESULT ' "$log.txt" || true
[[ $status == 0 ]] || { failed=1; echo "  FAILED: the fault run's checks (exit $status)"; }
results+=("fault $(result_of "$log.txt") down_after_s=${down:-?} back_after_s=$back")

echo
echo "== Summary (cluster) =="
for line in "${results[@]}"; do echo "  $line"; done
[[ $failed == 0 ]] || die "a check failed (details above; logs in $OUT/ and $CLUSTER_DIR/)"
