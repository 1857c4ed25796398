#!/usr/bin/env bash
# Chat under load (run by `make bench`; builds only the example `chat_load` of the server crate,
# which is both a chat node — the server's API router with its own pool and hub — and the load
# generator).
#
# 1. One node on SQLite: 1,000 WebSocket clients (500 buyers and the 500 agents of their
#    conversations) exchange text messages for BENCH_CHAT_SECONDS (20) s, each client one every
#    BENCH_CHAT_INTERVAL_MS (2000) ms. Reported: sent (acknowledged), delivered (must equal
#    sent), delivery latency p50/p90/p99 and the node's resident memory (RSS now and at its
#    peak). Goal: p99 <= 50 ms.
# 2. Two nodes on PostgreSQL (LISTEN/NOTIFY), the buyers on one, the agents on the other, so
#    every message crosses between nodes; skipped with a note without PostgreSQL.
#
# Loopback only, bounded in time (about 2 minutes). Exits 1 when delivered differs from sent.
# Tunables: BENCH_CHAT_PORT (3203; the second node takes BENCH_CHAT_PORT2, 3213),
# BENCH_CHAT_CLIENTS (1000), BENCH_CHAT_SECONDS (20), BENCH_CHAT_INTERVAL_MS (2000),
# BENCH_PG_ADMIN_URL (postgres://mall:mall@127.0.0.1:5432/postgres).
set -euo pipefail

cd "$(dirname "$0")/.."

source scripts/bench_server.sh
bench_script bench-chat "${BENCH_CHAT_PORT:-3203}"
bench_postgres mall_bench_chat
PORT2="${BENCH_CHAT_PORT2:-3213}"
CLIENTS="${BENCH_CHAT_CLIENTS:-1000}"
SECONDS_="${BENCH_CHAT_SECONDS:-20}"
INTERVAL="${BENCH_CHAT_INTERVAL_MS:-2000}"
OUT="target/bench-chat"
BIN=./target/release/examples/chat_load

# Every client holds a socket in the load generator and one in a node: raise the limit of
# open files (each process needs a little over CLIENTS descriptors).
want=$((CLIENTS * 2 + 512))
if [[ $(ulimit -n) -lt $want ]]; then
  ulimit -n "$want" 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
fi
[[ $(ulimit -n) -ge $((CLIENTS + 256)) ]] || die "the open-file limit ($(ulimit -n)) is too low for $CLIENTS clients; raise ulimit -n"

for port in "$PORT" "$PORT2"; do
  if curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$port/"; then die "something already listens on port $port"; fi
done
# The environment of `make build` (cargo-leptos), so the server crate is not compiled again.
LEPTOS_OUTPUT_NAME=mall cargo build --release -q -p server --example chat_load
rm -rf "$OUT"
mkdir -p "$OUT"

NODE_PIDS=()
start_node() { # port database-url log
  RUST_LOG="${RUST_LOG:-warn}" "$BIN" node --port "$1" --database-url "$2" >>"$3" 2>&1 &
  local pid=$!
  NODE_PIDS+=("$pid")
  for _ in $(seq 1 600); do
    kill -0 "$pid" 2>/dev/null || { tail -n 40 "$3" >&2; die "the node on port $1 exited during start-up"; }
    [[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$1/api/p/chat/profile" || true)" == "200" ]] && return
    sleep 0.1
  done
  die "the node on port $1 did not answer within 60 s"
}
stop_nodes() {
  for pid in "${NODE_PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  NODE_PIDS=()
}
trap stop_nodes EXIT
trap 'exit 130' INT TERM

rss() { # pid: "RSS now / peak" in MiB
  awk '/^VmRSS/ { now = $2 } /^VmHWM/ { peak = $2 } END { printf "%.0f MiB (peak %.0f MiB)", now / 1024, peak / 1024 }' "/proc/$1/status"
}

failed=0
results=()

run() { # label database-url node-port...
  local label="$1" url="$2"
  shift 2
  local ws=() port
  for port in "$@"; do
    start_node "$port" "$url" "$OUT/$label.node-$port.log"
    ws+=("ws://127.0.0.1:$port")
  done
  local joined
  joined=$(IFS=,; echo "${ws[*]}")
  echo
  echo "== Chat on $label: $CLIENTS clients on $# node(s), ${SECONDS_} s, a message per client every ${INTERVAL} ms =="
  local status=0
  "$BIN" load --database-url "$url" --ws "$joined" --clients "$CLIENTS" --seconds "$SECONDS_" \
    --interval-ms "$INTERVAL" --label "$label" >"$OUT/$label.txt" 2>&1 || status=$?
  grep -v '^RESULT ' "$OUT/$label.txt" | grep -v '^client: ' || true
  grep '^client: ' "$OUT/$label.txt" | head -n 5 || true
  local memory="" i=0
  for pid in "${NODE_PIDS[@]}"; do
    i=$((i + 1))
    memory+="${memory:+, }node $i RSS $(rss "$pid")"
  done
  echo "  $memory"
  [[ $status == 0 ]] || failed=1
  results+=("$(grep '^RESULT ' "$OUT/$label.txt" | tail -n1 | sed 's/^RESULT //'); $memory")
  stop_nodes
}

run sqlite-1-node "sqlite://$OUT/chat.db" "$PORT"
on_bench_postgres "Chat on PostgreSQL with two nodes" run postgres-2-nodes "$PG_URL" "$PORT" "$PORT2"

print_summary "${results[@]}"
[[ $failed == 0 ]] || die "delivered differs from sent, or a client failed (logs in $OUT/)"
