#!/usr/bin/env bash
# Memory under a sign-in flood (run by `make bench` after `make build`; builds nothing).
#
# Wrong-password sign-ins for ever new accounts from ever new addresses (so no rate limit
# stops them before the password hash is computed) are sent for BENCH_FLOOD seconds at
# BENCH_CONNECTIONS connections. The server's resident memory is read before, every 200 ms
# during, and 5 s after the flood; goal: at most 150 MB at the peak. The answers are counted:
# checked and refused ("incorrect"), or turned away because the hashing workers were busy.
#
# Loopback only, bounded in time (about 40 s). Tunables: BENCH_SIGNIN_PORT (3201),
# BENCH_FLOOD (20), BENCH_CONNECTIONS (50), BENCH_THREADS (2).
set -euo pipefail

cd "$(dirname "$0")/.."

PORT="${BENCH_SIGNIN_PORT:-3201}"
FLOOD="${BENCH_FLOOD:-20}"
CONNECTIONS="${BENCH_CONNECTIONS:-50}"
THREADS="${BENCH_THREADS:-2}"
BASE="http://127.0.0.1:${PORT}"
OUT="target/bench-signin"
GOAL_KB=$((150 * 1024))

die() { echo "bench: $*" >&2; exit 1; }
[[ -x ./target/release/server ]] || die "./target/release/server is missing; run 'make build' first"
command -v wrk >/dev/null || die "wrk is not installed (apt-get install -y wrk)"
if curl -s -o /dev/null --max-time 1 "$BASE/"; then die "something already listens on $BASE"; fi

# One trusted proxy: the flood's X-Forwarded-For addresses count as the clients'.
source scripts/bench_server.sh
start_bench_server "$OUT" "$PORT" MALL_TRUSTED_PROXIES=1

wait_for_bench_server "$OUT" "$BASE/api/currency/list" || true
rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$SERVER_PID/status"; }
sleep 2
before=$(rss_kb)

numbered_requests_lua >"$OUT/flood.lua"
cat >>"$OUT/flood.lua" <<'LUA'
request = function()
  counter = counter + 1
  local body = string.format('{"userName":"flood-%d-%d-%d@example.com","passWord":"Wrong#%d"}',
    tid, counter, math.random(1, 1000000000), counter)
  local headers = {
    ["Content-Type"] = "application/json",
    ["X-Forwarded-For"] = string.format("10.%d.%d.%d", tid % 256, math.floor(counter / 256) % 256, counter % 256),
  }
  return wrk.format("POST", "/api/login", headers, body)
end
done = function(summary, latency, requests)
  io.write(string.format("requests %d\n", summary.requests))
end
LUA

peak=$before
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${FLOOD}s" --timeout 10s -s "$OUT/flood.lua" "$BASE" >"$OUT/wrk.txt" 2>&1 &
WRK_PID=$!
samples=0
total=0
while kill -0 "$WRK_PID" 2>/dev/null; do
  now=$(rss_kb)
  (( now > peak )) && peak=$now
  total=$((total + now))
  samples=$((samples + 1))
  sleep 0.2
done
wait "$WRK_PID" || true
during_avg=$(( samples > 0 ? total / samples : 0 ))
sleep 5
after=$(rss_kb)
hwm=$(awk '/^VmHWM:/ { print $2 }' "/proc/$SERVER_PID/status")

# The answers' mix, from a short sample after the flood (same kind of request).
checked=0; busy=0
for i in $(seq 1 20); do
  msg=$(curl -s -H 'Content-Type: application/json' -H "X-Forwarded-For: 10.255.0.$i" \
    -d "{\"userName\":\"sample-$i@example.com\",\"passWord\":\"Wrong#1\"}" "$BASE/api/login")
  case "$msg" in
    *Incorrect*) checked=$((checked + 1)) ;;
    *busy*) busy=$((busy + 1)) ;;
  esac
done

mb() { awk -v k="$1" 'BEGIN { printf "%.1f MB", k / 1024 }'; }
ok=$([[ $peak -le $GOAL_KB ]] && echo "within goal" || echo "OVER GOAL")
echo
echo "== Sign-in flood: wrong passwords for new accounts from new addresses (wrk -t$THREADS -c$CONNECTIONS -d${FLOOD}s) =="
echo "  requests/s               $(awk '/^Requests\/sec:/ { print $2 }' "$OUT/wrk.txt")"
echo "  RSS before               $(mb "$before")"
echo "  RSS during (mean, peak)  $(mb "$during_avg"), $(mb "$peak")  (goal: peak <= 150 MB, $ok)"
echo "  RSS 5 s after            $(mb "$after")"
echo "  VmHWM (process peak)     $(mb "$hwm")"
echo "  a sample of 20 afterwards: $checked checked and refused, $busy turned away as busy"
