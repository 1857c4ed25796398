#!/usr/bin/env bash
# Database growth under an anonymous flood (run by `make bench` after `make build`; builds
# nothing). Issue 47, item 21.
#
# From ONE client address (one trusted proxy, a fixed X-Forwarded-For), each of the three calls
# anyone may make is flooded for BENCH_FLOOD seconds with a new key every request: page visits
# with a new visitor id, sign-in codes to a new e-mail, wrong passwords for a new account. The
# rows written meanwhile (rate-limit counters, page visits, codes and their messages) are
# counted in the server's SQLite database and extrapolated to an hour, as the issue measured
# them (before the fix: 17,802 / 34,831 / 14,114 rows in 15 s, 565-950 MB an hour). Goal: at
# most 60,000 rows an hour per call (the per-address budgets refuse the rest before anything
# is stored; a minute's budget caught in a short flood makes this an upper bound).
#
# Loopback only, bounded in time (about 3 x BENCH_FLOOD s plus start-up). Tunables:
# BENCH_FLOOD_PORT (3202), BENCH_FLOOD (15), BENCH_CONNECTIONS (20), BENCH_THREADS (2).
set -euo pipefail

cd "$(dirname "$0")/.."

PORT="${BENCH_FLOOD_PORT:-3202}"
FLOOD="${BENCH_FLOOD:-15}"
CONNECTIONS="${BENCH_CONNECTIONS:-20}"
THREADS="${BENCH_THREADS:-2}"
BASE="http://127.0.0.1:${PORT}"
OUT="target/bench-flood-rows"
GOAL_ROWS_PER_HOUR=60000

die() { echo "bench: $*" >&2; exit 1; }
[[ -x ./target/release/server ]] || die "./target/release/server is missing; run 'make build' first"
command -v wrk >/dev/null || die "wrk is not installed (apt-get install -y wrk)"
command -v sqlite3 >/dev/null || die "sqlite3 is not installed (apt-get install -y sqlite3)"
if curl -s -o /dev/null --max-time 1 "$BASE/"; then die "something already listens on $BASE"; fi

source scripts/bench_server.sh
start_bench_server "$OUT" "$PORT" MALL_TRUSTED_PROXIES=1

wait_for_bench_server "$OUT" "$BASE/api/currency/list" || true

DB="$OUT/mall.db"
TABLES=(rate_limits flow_analysis_log one_time_codes outbox)
rows() {
  local total=0 n
  for table in "${TABLES[@]}"; do
    n=$(sqlite3 -cmd ".timeout 5000" "$DB" "SELECT COUNT(*) FROM $table" 2>/dev/null || echo 0)
    total=$((total + n))
  done
  echo "$total"
}

# flood NAME METHOD PATH CONTENT-TYPE BODY-FORMAT: every request's body gets a new key.
flood() {
  local name="$1" method="$2" path="$3" type="$4" body="$5"
  numbered_requests_lua >"$OUT/$name.lua"
  cat >>"$OUT/$name.lua" <<LUA
request = function()
  counter = counter + 1
  local key = string.format("%d-%d-%d", tid, counter, math.random(1, 1000000000))
  local headers = { ["Content-Type"] = "$type", ["X-Forwarded-For"] = "203.0.113.7", ["Origin"] = "$BASE" }
  return wrk.format("$method", "$path", headers, string.format('$body', key))
end
done = function(summary, latency, requests)
  io.write(string.format("requests %d\\n", summary.requests))
end
LUA
  local before after requests written per_hour verdict
  before=$(rows)
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"${FLOOD}s" --timeout 10s -s "$OUT/$name.lua" "$BASE" >"$OUT/$name.txt" 2>&1 || true
  sleep 1
  after=$(rows)
  requests=$(awk '/^requests/ { print $2 }' "$OUT/$name.txt")
  written=$((after - before))
  per_hour=$((written * 3600 / FLOOD))
  verdict="ok"
  (( per_hour <= GOAL_ROWS_PER_HOUR )) || { verdict="OVER"; FAILED=1; }
  printf '  %-22s %8s requests in %ss -> %6d rows written, %8d rows/hour extrapolated (goal <= %d) %s\n' \
    "$name" "${requests:-?}" "$FLOOD" "$written" "$per_hour" "$GOAL_ROWS_PER_HOUR" "$verdict"
}

FAILED=0
echo "bench: rows written under a flood from one address (each request a new key)"
flood flow-log POST /api/flowAnalysisLog application/json \
  '{"pageId":1,"step":1,"uuid":"v-%s","uuidSession":"s","visitType":1}'
flood send-login-code POST /api/sms/sendLoginCode application/x-www-form-urlencoded 'mail=flood-%s%%40example.com'
flood login POST /api/login application/json '{"userName":"flood-%s@example.com","passWord":"Wrong#1x"}'
size_kb=$(( $(stat -c %s "$DB") / 1024 ))
echo "  database file after the floods: ${size_kb} KB"
exit "$FAILED"
