#!/usr/bin/env bash
# Full renders for a signed-in buyer (run by `make bench` after `make build`; builds nothing).
#
# A signed-in buyer's page is never served from the guest cache: every request renders it,
# with its in-process API calls, database queries, Fluent and HTML. For `/`, `/list?st=2`,
# `/detail?prodId=1` and `/cart`, as the demo buyer:
#
#  - requests/s of the full render, side by side with the same page's bytes served from
#    memory by the same server (`/__bench/memory?path=`, MALL_BENCH=1 only), as a ratio;
#  - the server's CPU time per render: the process's user + system time (from /proc) over the
#    run divided by the renders it answered (two cores: the load generator's CPU is its own);
#  - the thread switches per render, summed over the server's threads (from /proc): each
#    hand-off to a database connection's thread and back costs two or more, and unlike the
#    CPU time this count hardly moves with what else the machine is doing.
#
# Loopback only, bounded in time. Tunables: BENCH_RENDER_PORT (3204), BENCH_DURATION (10s),
# BENCH_ROUNDS (2), BENCH_CONNECTIONS (8), BENCH_THREADS (1); SERVER_BIN and SITE_ROOT to
# measure another build (defaults: ./target/release/server and target/site).
set -euo pipefail

cd "$(dirname "$0")/.."

source scripts/bench_server.sh
bench_script bench-render "${BENCH_RENDER_PORT:-3204}"
DURATION="${BENCH_DURATION:-10s}"
ROUNDS="${BENCH_ROUNDS:-2}"
CONNECTIONS="${BENCH_CONNECTIONS:-8}"
THREADS="${BENCH_THREADS:-1}"
OUT="target/bench-render"

require_free_bench_server "$BASE/"
command -v wrk >/dev/null || die "wrk is not installed (apt-get install -y wrk)"

start_bench_server "$OUT" "$PORT" MALL_BENCH=1
wait_for_bench_server "$OUT" "$BASE/" || true

# The demo buyer's session cookie.
demo_buyer_cookie "$OUT" "$BASE"
[[ -n "$COOKIE" ]] || die "no session cookie after sign-in"

# The signed-in page really is the buyer's (not the guest page from the cache).
curl -s -H "Cookie: $COOKIE" "$BASE/cart" >"$OUT/cart.html"
grep -q 'data-signed-in' "$OUT/cart.html" || grep -q 'user-center' "$OUT/cart.html" ||
  die "the signed-in /cart does not look signed in"

cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$SERVER_PID/stat"; }
switches() { cat "/proc/$SERVER_PID"/task/*/status 2>/dev/null | awk '/ctxt_switches/ { n += $2 } END { print n + 0 }'; }
TICKS_PER_S=$(getconf CLK_TCK)
enc() { node -e 'console.log(encodeURIComponent(process.argv[1]))' "$1"; }

# Prints "requests/s cpu_us_per_request switches_per_request" for one wrk run with the cookie.
measure() {
  local name="$1" url="$2" file="$OUT/wrk-$1.txt"
  local before after switched
  before=$(cpu_ticks)
  switched=$(switches)
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --timeout 10s -H "Cookie: $COOKIE" "$url" >"$file" 2>&1 || true
  after=$(cpu_ticks)
  switched=$(($(switches) - switched))
  grep -q 'Non-2xx' "$file" && echo "bench-render: warning: $name: $(grep 'Non-2xx' "$file")" >&2
  local rps requests
  rps=$(awk '/^Requests\/sec:/ { print $2 }' "$file")
  requests=$(awk '/requests in/ { print $1 }' "$file")
  awk -v r="$rps" -v n="$requests" -v t=$((after - before)) -v hz="$TICKS_PER_S" -v w="$switched" \
    'BEGIN { printf "%s %.0f %.1f\n", r, (n > 0 ? t / hz / n * 1e6 : 0), (n > 0 ? w / n : 0) }'
}

declare -A SSR MEM CPU SWITCHES
for page in "${RENDER_PAGES[@]}"; do
  curl -s -o /dev/null -H "Cookie: $COOKIE" "$BASE/__bench/memory?path=$(enc "$page")"
  SSR[$page]=0; MEM[$page]=0; CPU[$page]=999999; SWITCHES[$page]=999999
done
for round in $(seq 1 "$ROUNDS"); do
  for page in "${RENDER_PAGES[@]}"; do
    read -r rps cpu switched < <(measure "ssr-$round" "$BASE$page")
    read -r mrps _ _ < <(measure "mem-$round" "$BASE/__bench/memory?path=$(enc "$page")")
    echo "  round $round $page: render ${rps} req/s (${cpu} µs CPU, ${switched} thread switches each), memory ${mrps} req/s"
    SSR[$page]=$(awk -v a="${SSR[$page]}" -v b="$rps" 'BEGIN { print (b > a) ? b : a }')
    MEM[$page]=$(awk -v a="${MEM[$page]}" -v b="$mrps" 'BEGIN { print (b > a) ? b : a }')
    CPU[$page]=$(awk -v a="${CPU[$page]}" -v b="$cpu" 'BEGIN { print (b < a) ? b : a }')
    SWITCHES[$page]=$(awk -v a="${SWITCHES[$page]}" -v b="$switched" 'BEGIN { print (b < a) ? b : a }')
  done
done

echo
echo "Signed-in full renders (best of $ROUNDS rounds of $DURATION, $CONNECTIONS connections):"
printf '  %-18s %12s %12s %8s %14s %16s\n' page "render/s" "memory/s" ratio "CPU/render" "switches/render"
for page in "${RENDER_PAGES[@]}"; do
  awk -v p="$page" -v s="${SSR[$page]}" -v m="${MEM[$page]}" -v c="${CPU[$page]}" -v w="${SWITCHES[$page]}" \
    'BEGIN { printf "  %-18s %12.0f %12.0f %8.3f %11.2f ms %16.1f\n", p, s, m, (m > 0 ? s / m : 0), c / 1000, w }'
done
