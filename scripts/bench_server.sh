# Shared by the benchmarks (sourced, not run): starts the server ($SERVER_BIN, default
# ./target/release/server, with the site in $SITE_ROOT, default target/site) on a fresh SQLite
# database in a folder (seeded with the demo mall: MALL_DEMO=1), on loopback, and stops it when the script exits.
#
#   bench_script NAME PORT                        sets PORT and BASE (http://127.0.0.1:PORT), and NAME
#                                                 for die's messages
#   die MESSAGE                                   prints "NAME: MESSAGE" on stderr and exits 1
#   require_free_bench_server URL                 dies unless the server is built and nothing answers at URL
#   start_bench_server OUT PORT [NAME=value ...]   sets SERVER_PID; extra environment after PORT
#   numbered_requests_lua                         prints the start of a wrk script whose requests are
#                                                 numbered: each thread's `tid`, and `counter`
#   wait_for_bench_server OUT URL                 waits up to 180 s for URL to answer 200 (status 1
#                                                 when it never did); dies, with the tail of
#                                                 OUT/server.log, when SERVER_PID exits first
#   demo_buyer_cookie OUT URL                     signs the demo buyer in at URL and sets COOKIE (the
#                                                 session's Cookie header); OUT/login.json and
#                                                 OUT/cookies.txt keep the answer
#   RENDER_PAGES                                  the pages the render benchmark and the profile load
#
# And for the benchmarks that also run on PostgreSQL:
#
#   bench_postgres DATABASE                       sets PG_ADMIN_URL ($BENCH_PG_ADMIN_URL, default
#                                                 postgres://mall:mall@127.0.0.1:5432/postgres) and
#                                                 PG_URL, DATABASE on the same server
#   bench_postgres_reachable                      status 0 when psql answers at PG_ADMIN_URL
#   fresh_bench_database                          drops PG_URL's database and creates it again
#   on_bench_postgres TITLE COMMAND...            runs COMMAND after fresh_bench_database, or says that
#                                                 TITLE was skipped when PostgreSQL does not answer
#
# And at the end of a benchmark:
#
#   print_summary LINE...                         prints "== Summary ==" and the lines, indented

bench_script() {
  BENCH_NAME="$1"
  PORT="$2"
  BASE="http://127.0.0.1:${PORT}"
}

die() { echo "${BENCH_NAME:-bench}: $*" >&2; exit 1; }

require_free_bench_server() {
  local bin="${SERVER_BIN:-./target/release/server}"
  [[ -x "$bin" ]] || die "$bin is missing; run 'make build' first"
  if curl -s -o /dev/null --max-time 1 "$1"; then die "something already listens on $1"; fi
}

start_bench_server() {
  local out="$1" port="$2"
  shift 2
  rm -rf "$out"
  mkdir -p "$out"
  env DATABASE_URL="sqlite://$out/mall.db" \
    LEPTOS_SITE_ADDR="127.0.0.1:${port}" \
    LEPTOS_SITE_ROOT="${SITE_ROOT:-target/site}" \
    LEPTOS_OUTPUT_NAME=mall \
    RUST_LOG="${RUST_LOG:-warn}" \
    MALL_DEMO=1 \
    "$@" \
    "${SERVER_BIN:-./target/release/server}" >"$out/server.log" 2>&1 &
  SERVER_PID=$!
  trap stop_bench_server EXIT
  trap 'exit 130' INT TERM
}

stop_bench_server() {
  if kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$SERVER_PID" 2>/dev/null || true
  fi
}

wait_for_bench_server() {
  local out="$1" url="$2"
  for _ in $(seq 1 360); do
    kill -0 "$SERVER_PID" 2>/dev/null || { tail -n 40 "$out/server.log" >&2; die "the server exited during start-up"; }
    [[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$url" || true)" == "200" ]] && return 0
    sleep 0.5
  done
  return 1
}

RENDER_PAGES=("/" "/list?st=2" "/detail?prodId=1" "/cart")

demo_buyer_cookie() {
  local out="$1" url="$2"
  curl -s -c "$out/cookies.txt" -H 'Content-Type: application/json' \
    -d '{"userName":"demo.buyer@example.com","passWord":"Demo1234!"}' "$url/api/login" >"$out/login.json"
  grep -q '"code":"00000"' "$out/login.json" || die "sign-in failed: $(cat "$out/login.json")"
  COOKIE=$(sed 's/^#HttpOnly_//' "$out/cookies.txt" | awk '!/^#/ && NF >= 7 { printf "%s%s=%s", (n++ ? "; " : ""), $6, $7 }')
}

bench_postgres() {
  PG_ADMIN_URL="${BENCH_PG_ADMIN_URL:-postgres://mall:mall@127.0.0.1:5432/postgres}"
  PG_URL="${PG_ADMIN_URL%/*}/$1"
}

bench_postgres_reachable() {
  command -v psql >/dev/null && psql "$PG_ADMIN_URL" -qtAc "SELECT 1" >/dev/null 2>&1
}

fresh_bench_database() {
  local database="${PG_URL##*/}"
  PGOPTIONS=--client-min-messages=warning psql "$PG_ADMIN_URL" -qc "DROP DATABASE IF EXISTS $database WITH (FORCE)"
  PGOPTIONS=--client-min-messages=warning psql "$PG_ADMIN_URL" -qc "CREATE DATABASE $database"
}

on_bench_postgres() {
  local title="$1"
  shift
  if bench_postgres_reachable; then
    fresh_bench_database
    "$@"
  else
    echo
    echo "== $title: skipped (no PostgreSQL reachable at ${PG_ADMIN_URL%/*}) =="
  fi
}

print_summary() {
  echo
  echo "== Summary =="
  for line in "$@"; do echo "  $line"; done
}

numbered_requests_lua() {
  cat <<'LUA'
counter = 0
local thread_id = 0
setup = function(thread)
  thread_id = thread_id + 1
  thread:set("tid", thread_id)
end
LUA
}
