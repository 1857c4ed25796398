#!/usr/bin/env bash
# Search benchmark of the release build (builds nothing): on a catalog of BENCH_PRODUCTS
# products (default 100,000; the database is seeded once and kept in target/bench-search/),
#
#  1. the time the server takes to build its search index at start (from its log line),
#  2. the server's resident memory once the index is built, and after the load,
#  3. the latency of GET /api/search/suggestions at BENCH_CONNECTIONS (50) concurrent
#     connections, cycling through 2,000 queries of 1-6 characters in English, Chinese and
#     Khmer (prefixes of real product and shop names, as typed), measured with wrk over
#     loopback: p50 and p99 client side (wrk, sharing the 2 cores with the server) and server
#     side (request in to answer ready, recorded by the server under MALL_BENCH=1), once with
#     the suggestion answer cache off (the index alone) and once with it on.
#
# Tunables: BENCH_PORT (3210), BENCH_PRODUCTS (100000), BENCH_DURATION (15s),
# BENCH_CONNECTIONS (50), BENCH_THREADS (2), BENCH_DB (a SQLite file to use or seed).
set -euo pipefail

cd "$(dirname "$0")/.."

PORT="${BENCH_PORT:-3210}"
PRODUCTS="${BENCH_PRODUCTS:-100000}"
DURATION="${BENCH_DURATION:-15s}"
CONNECTIONS="${BENCH_CONNECTIONS:-50}"
THREADS="${BENCH_THREADS:-2}"
BASE="http://127.0.0.1:${PORT}"
OUT="target/bench-search"
DB="${BENCH_DB:-$OUT/mall-$PRODUCTS.db}"

die() { echo "bench-search: $*" >&2; exit 1; }

[[ -x ./target/release/server ]] || die "./target/release/server is missing; run 'cargo build --release -p server' first"
command -v wrk >/dev/null || die "wrk is not installed (apt-get install -y wrk)"
command -v curl >/dev/null || die "curl is not installed"
command -v jq >/dev/null || die "jq is not installed"
if curl -s -o /dev/null --max-time 1 "$BASE/api/currency/list"; then die "something already listens on $BASE"; fi
mkdir -p "$OUT"

if [[ ! -f "$DB" ]]; then
  echo "Seeding $PRODUCTS products into $DB ..."
  DATABASE_URL="sqlite://$DB" RUST_LOG=warn ./target/release/server seed --products "$PRODUCTS"
fi

SERVER_PID=""
cleanup() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$SERVER_PID" 2>/dev/null || true
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Starts the server (MALL_SEARCH_SUGGEST_CACHE=$1) and waits for its index.
start_server() {
  cleanup
  DATABASE_URL="sqlite://$DB" \
    LEPTOS_SITE_ADDR="127.0.0.1:${PORT}" \
    MALL_SEARCH_SUGGEST_CACHE="$1" \
    MALL_BENCH=1 \
    RUST_LOG="info,sqlx=warn,tower_http=warn" \
    ./target/release/server >"$OUT/server-cache$1.log" 2>&1 &
  SERVER_PID=$!
  built=""
  for _ in $(seq 1 600); do # up to 300 s
    kill -0 "$SERVER_PID" 2>/dev/null || { tail -n 40 "$OUT/server-cache$1.log" >&2; die "the server exited during start-up"; }
    built=$(grep -o 'search index built: .*' "$OUT/server-cache$1.log" | head -n 1 || true)
    [[ -n "$built" ]] && break
    sleep 0.5
  done
  [[ -n "$built" ]] || die "no 'search index built' line within 300 s"
  rss_built=$(awk '/^VmRSS:/ { print $2 " " $3 }' "/proc/$SERVER_PID/status")
}

start_server 0

# --- the queries: prefixes (1-6 characters) of names as the three languages show them ---------
QUERIES="$OUT/queries.txt"
: >"$QUERIES.all"
for lang in en zh_CN km; do
  for page in 1 2 3 4 5; do
    curl -s -H "locale: $lang" "$BASE/api/search/page?sort=2&size=100&current=$page" |
      jq -r '.data.records[0].products[].prodName' >>"$QUERIES.all"
  done
done
curl -s "$BASE/api/search/page?sort=12&size=100" | jq -r '.data.records[0].shops[].shopName' >>"$QUERIES.all"
# Every prefix of 1-6 characters of each name and of each of its words, URL-encoded.
jq -R -r '
  def prefixes: . as $s | [range(1; ([($s | length), 6] | min) + 1)] | map($s[0:.]);
  ([.] + (split(" ") | map(select(length > 0)))) | map(prefixes) | flatten | .[]
  | select(test("^\\s|\\s$") | not) | @uri' "$QUERIES.all" | awk '!seen[$0]++ && n++ < 2000' >"$QUERIES"
count=$(wc -l <"$QUERIES" | tr -d ' ')
[[ "$count" -gt 0 ]] || die "no queries"

cat >"$OUT/suggest.lua" <<LUA
local queries = {}
for line in io.lines("$QUERIES") do queries[#queries + 1] = line end
local counter = 0
function setup(thread) thread:set("offset", counter * 7919); counter = counter + 1 end
function init(args) n = offset or 0 end
function request()
  n = n + 1
  local q = queries[(n % #queries) + 1]
  return wrk.format("GET", "/api/search/suggestions?keyword=" .. q .. "&limit=15")
end
LUA

# Warm-up, then the measured run; prints one line.
measure() {
  local label="$1"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d3s -s "$OUT/suggest.lua" "$BASE" >/dev/null
  curl -s "$BASE/__bench/latency?path=/api/search/suggestions&reset=1" >/dev/null
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$OUT/suggest.lua" "$BASE" >"$OUT/wrk-$label.txt"
  local server
  server=$(curl -s "$BASE/__bench/latency?path=/api/search/suggestions&reset=1" |
    jq -r '"p50 \(.p50Us / 1000) ms, p99 \(.p99Us / 1000) ms, max \(.maxUs / 1000) ms over \(.count) requests"')
  local p50 p99 rps errors
  p50=$(awk '$1 == "50%" { print $2 }' "$OUT/wrk-$label.txt")
  p99=$(awk '$1 == "99%" { print $2 }' "$OUT/wrk-$label.txt")
  rps=$(awk '/^Requests\/sec/ { print $2 }' "$OUT/wrk-$label.txt")
  errors=$(grep -E 'Non-2xx|Socket errors' "$OUT/wrk-$label.txt" | tr -s ' ' || true)
  rss_after=$(awk '/^VmRSS:/ { print $2 " " $3 }' "/proc/$SERVER_PID/status")
  hwm=$(awk '/^VmHWM:/ { print $2 " " $3 }' "/proc/$SERVER_PID/status")
  printf '    %-28s client p50 %-9s p99 %-9s (%s requests/s) %s\n' "$label:" "$p50" "$p99" "$rps" "$errors"
  printf '    %-28s server %s\n' "" "$server"
}

echo
echo "Search on $PRODUCTS products"
echo "  index: $built"
echo "  server RSS after the build: $rss_built"
echo "  suggestions, $CONNECTIONS connections, $count distinct queries of 1-6 characters (en, zh, km), $DURATION each (goal p99 <= 10 ms):"
measure "index only (no cache)"
start_server 1
measure "with the 10 s answer cache"
echo "  server RSS after the load: $rss_after (peak VmHWM $hwm)"
