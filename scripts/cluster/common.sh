# Shared by scripts/cluster/start.sh and stop.sh (sourced; cwd is the repository's root).
# Tunables: MALL_CLUSTER_PORT (3400; the nodes take the next MALL_CLUSTER_NODES ports),
# MALL_CLUSTER_NODES (3), MALL_CLUSTER_DB (mall_cluster), MALL_CLUSTER_PG_ADMIN_URL
# (postgres://mall:mall@127.0.0.1:5432/postgres), MALL_CLUSTER_DIR (target/cluster),
# MALL_CLUSTER_TRUSTED_PROXIES (1: HAProxy; 2 when a test client sets X-Forwarded-For itself),
# MALL_DB_POOL (each node's pool; default 16 divided among the nodes).
CLUSTER_PORT="${MALL_CLUSTER_PORT:-3400}"
CLUSTER_NODES="${MALL_CLUSTER_NODES:-3}"
CLUSTER_DB="${MALL_CLUSTER_DB:-mall_cluster}"
CLUSTER_PG_ADMIN_URL="${MALL_CLUSTER_PG_ADMIN_URL:-postgres://mall:mall@127.0.0.1:5432/postgres}"
CLUSTER_DB_URL="${CLUSTER_PG_ADMIN_URL%/*}/${CLUSTER_DB}"
CLUSTER_DIR="${MALL_CLUSTER_DIR:-target/cluster}"
# Each node's database pool: the nodes together hold what one node would (16), since more
# connections to one PostgreSQL on the same cores only queue on its locks and its processes
# (docs/deploy.md). MALL_DB_POOL overrides it for every node.
CLUSTER_DB_POOL=$((16 / CLUSTER_NODES > 2 ? 16 / CLUSTER_NODES : 2))
CLUSTER_PIDS="$CLUSTER_DIR/pids"

cluster_die() { echo "cluster: $*" >&2; exit 1; }

# A process's start time (clock ticks since boot, /proc/PID/stat field 22): with the PID, it
# names exactly one process, so a PID the system gave to another program since is never ended.
cluster_start_time() {
  [[ -r "/proc/$1/stat" ]] || return 1
  # (A zombie, ended but not yet reaped, counts as ended.)
  sed 's/^.*) //' "/proc/$1/stat" | awk '$1 != "Z" {print $20}'
}

# Records process $2 as part $1 of the cluster (pids/$1: "PID START_TIME").
cluster_record() {
  mkdir -p "$CLUSTER_PIDS"
  echo "$2 $(cluster_start_time "$2")" >"$CLUSTER_PIDS/$1"
}

# The PID of part $1 if that very process still runs; nothing otherwise.
cluster_live_pid() {
  local file="$CLUSTER_PIDS/$1" pid started
  [[ -f "$file" ]] || return 0
  read -r pid started <"$file" || return 0
  [[ -n "$pid" && "$(cluster_start_time "$pid" 2>/dev/null)" == "$started" ]] && echo "$pid"
  return 0
}

# psql as the cluster's database role, on the admin database.
cluster_psql() {
  psql "$CLUSTER_PG_ADMIN_URL" -v ON_ERROR_STOP=1 -qtAc "$1"
}

# psql on the cluster's own database.
cluster_db_psql() {
  psql "$CLUSTER_DB_URL" -v ON_ERROR_STOP=1 -qtAc "$1"
}

# Starts node $1 (1-based) in a session of its own, so it outlives this script and make.
start_node() {
  local name="node-$1" port=$((CLUSTER_PORT + $1))
  setsid env DATABASE_URL="$CLUSTER_DB_URL" \
    LEPTOS_SITE_ADDR="127.0.0.1:$port" \
    LEPTOS_SITE_ROOT=target/site \
    LEPTOS_OUTPUT_NAME=mall \
    MALL_NODE_NAME="$name" \
    MALL_DB_POOL="${MALL_DB_POOL:-$CLUSTER_DB_POOL}" \
    MALL_DEV="${MALL_DEV:-1}" \
    MALL_TRUSTED_PROXIES="${MALL_CLUSTER_TRUSTED_PROXIES:-1}" \
    MALL_PUBLIC_URL="http://127.0.0.1:$CLUSTER_PORT" \
    MALL_MEDIA_DIR="$CLUSTER_DIR/media" \
    RUST_LOG="${RUST_LOG:-info,sqlx=warn,tower_http=warn}" \
    ./target/release/server </dev/null >>"$CLUSTER_DIR/$name.log" 2>&1 &
  cluster_record "$name" $!
}

# Waits (at most 5 minutes: a first start seeds the demo mall) for node $1's readiness.
wait_ready() {
  local name="node-$1" port=$((CLUSTER_PORT + $1)) pid
  pid=$(cluster_live_pid "$name")
  for _ in $(seq 1 3000); do
    [[ -n "$(cluster_live_pid "$name")" ]] || { tail -n 30 "$CLUSTER_DIR/$name.log" >&2; cluster_die "$name exited during start-up"; }
    [[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$port/health/ready" || true)" == 200 ]] && {
      echo "cluster: $name ready on http://127.0.0.1:$port (pid $pid)"
      return
    }
    sleep 0.1
  done
  cluster_die "$name was not ready within 5 minutes (log: $CLUSTER_DIR/$name.log)"
}

