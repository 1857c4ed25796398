#!/usr/bin/env bash
# Orders under a flash sale and across a crash (run by `make bench` after `make build`; builds
# only the load generator, the example `bench_orders` of the server crate).
#
# 1. Flash sale, on SQLite and on PostgreSQL: 10,000 distinct buyers try at once to buy one
#    unit of a flash sale of 100 units (at most 1 a buyer), each through
#    POST /api/p/order/confirm then /api/p/order/submit, over 128 keep-alive connections.
#    Reported: attempts/s, latency per attempt (p50, p90, p99) and the outcomes (orders, sold
#    out, too busy, other refusals, failures); checked in the database: exactly 100 orders,
#    the sale's stock 0 and never seen below 0, nobody over the limit, every answered order
#    stored. Goal on SQLite (this machine, two cores): >= 2,000 attempts/s, p99 <= 100 ms.
# 2. Fault run, on SQLite and on PostgreSQL: 20 s of buy-now orders (normal SKUs and a flash
#    sale, some cancelled again) by 2,000 buyers at 32 at once; after 8 s the server is killed
#    with SIGKILL and started again on the same database. Checked: every order answered with
#    success is stored with its line and state (also read back through the API), no
#    confirmation gave two orders, and for every SKU, product and the flash sale: stock before
#    - units of the orders not cancelled = stock now.
#
# PostgreSQL: the local cluster is started as .ci/run does (role mall/mall) and gets a fresh
# database mall_bench; without PostgreSQL its runs are skipped with a note. Loopback only,
# bounded in time (about 3 minutes). Exits 1 when a check fails. Tunables: BENCH_FLASH_PORT
# (3301), BENCH_ATTEMPTS (10000), BENCH_UNITS (100), BENCH_FLASH_CONNECTIONS (128),
# BENCH_FAULT_SECONDS (20), BENCH_FAULT_KILL_AFTER (8), BENCH_PG_ADMIN_URL
# (postgres://mall:mall@127.0.0.1:5432/postgres).
set -euo pipefail

cd "$(dirname "$0")/.."

source scripts/bench_server.sh
bench_script bench-flash-sale "${BENCH_FLASH_PORT:-3301}"
bench_postgres mall_bench
ATTEMPTS="${BENCH_ATTEMPTS:-10000}"
UNITS="${BENCH_UNITS:-100}"
CONNECTIONS="${BENCH_FLASH_CONNECTIONS:-128}"
FAULT_SECONDS="${BENCH_FAULT_SECONDS:-20}"
KILL_AFTER="${BENCH_FAULT_KILL_AFTER:-8}"
OUT="target/bench-flash-sale"
GEN=./target/release/examples/bench_orders

require_free_bench_server "$BASE/"
# The environment of `make build` (cargo-leptos), so the server crate is not compiled again.
LEPTOS_OUTPUT_NAME=mall cargo build --release -q -p server --example bench_orders
rm -rf "$OUT"
mkdir -p "$OUT"

SERVER_PID=""
# Starts ./target/release/server on DATABASE_URL $1 (kept as it is), logging to $2.
start_server() {
  env DATABASE_URL="$1" \
    LEPTOS_SITE_ADDR="127.0.0.1:${PORT}" \
    LEPTOS_SITE_ROOT=target/site \
    LEPTOS_OUTPUT_NAME=mall \
    MALL_BENCH=1 \
    RUST_LOG="${RUST_LOG:-warn}" \
    ./target/release/server >>"$2" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 1800); do
    kill -0 "$SERVER_PID" 2>/dev/null || { tail -n 40 "$2" >&2; die "the server exited during start-up"; }
    [[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$BASE/api/currency/list" || true)" == "200" ]] && return
    sleep 0.1
  done
  die "the server did not answer within 3 minutes"
}
stop_server() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  SERVER_PID=""
}
GEN_PID=""
cleanup() {
  [[ -n "$GEN_PID" ]] && kill "$GEN_PID" 2>/dev/null || true
  stop_server
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# PostgreSQL as CI has it; a fresh mall_bench for every run.
if command -v pg_ctlcluster >/dev/null && [[ -d /etc/postgresql ]]; then
  cluster=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n1)
  if [[ -n "$cluster" ]]; then
    pg_ctlcluster "$cluster" main start >/dev/null 2>&1 || true
    for _ in $(seq 1 30); do
      su postgres -c "pg_isready -q -h 127.0.0.1" 2>/dev/null && break
      sleep 1
    done
    su postgres -c "psql -tAc \"SELECT 1 FROM pg_roles WHERE rolname='mall'\"" 2>/dev/null | grep -q 1 ||
      su postgres -c "psql -qc \"CREATE USER mall WITH PASSWORD 'mall' CREATEDB;\"" >/dev/null 2>&1 || true
  fi
fi

failed=0
results=()
record() { # label output-file
  local line
  line=$(grep '^RESULT ' "$2" | tail -n1 || true)
  results+=("${line:-RESULT $1 (no result)}")
}

flash_run() { # label database-url
  local label="$1" url="$2" log="$OUT/flash-$1"
  echo
  echo "== Flash sale on $label: $ATTEMPTS buyers at once for $UNITS units (1 a buyer), $CONNECTIONS connections =="
  start_server "$url" "$log.server.log"
  local status=0
  "$GEN" flash-sale --base "$BASE" --database-url "$url" --attempts "$ATTEMPTS" --units "$UNITS" \
    --connections "$CONNECTIONS" --label "$label" >"$log.txt" 2>&1 || status=$?
  grep -v '^RESULT ' "$log.txt" || true
  [[ $status == 0 ]] || failed=1
  record "flash-sale $label" "$log.txt"
  stop_server
}

fault_run() { # label database-url
  local label="$1" url="$2" log="$OUT/fault-$1"
  echo
  echo "== Fault run on $label: ${FAULT_SECONDS} s of orders, the server killed (SIGKILL) after ${KILL_AFTER} s and restarted =="
  start_server "$url" "$log.server.log"
  "$GEN" fault --base "$BASE" --database-url "$url" --seconds "$FAULT_SECONDS" --label "$label" >"$log.txt" 2>&1 &
  GEN_PID=$!
  sleep "$KILL_AFTER"
  local killed=$SERVER_PID killed_at back
  kill -9 "$SERVER_PID"
  wait "$SERVER_PID" 2>/dev/null || true
  killed_at=$(date +%s.%N)
  echo "---- killed with SIGKILL; restart ----" >>"$log.server.log"
  start_server "$url" "$log.server.log"
  back=$(awk -v a="$killed_at" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  local status=0
  wait "$GEN_PID" || status=$?
  GEN_PID=""
  echo "  the server (pid $killed) was killed with SIGKILL ${KILL_AFTER} s into the load and served again within ${back} s"
  grep -v '^RESULT ' "$log.txt" || true
  [[ $status == 0 ]] || failed=1
  record "fault $label" "$log.txt"
  stop_server
}

rm -f "$OUT"/*.db*
flash_run sqlite "sqlite://$OUT/flash.db"
on_bench_postgres "Flash sale on postgres" flash_run postgres "$PG_URL"
fault_run sqlite "sqlite://$OUT/fault.db"
on_bench_postgres "Fault run on postgres" fault_run postgres "$PG_URL"

print_summary "${results[@]#RESULT }"
[[ $failed == 0 ]] || die "a check failed (details above; logs in $OUT/)"
