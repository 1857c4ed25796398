#!/usr/bin/env bash
# `make cluster`: the storefront as a cluster on this machine, on loopback only:
#   - PostgreSQL (installed and started as .ci/run does when missing), database mall_cluster,
#     created fresh (MALL_CLUSTER_KEEP=1 keeps an existing one and its data);
#   - three nodes of ./target/release/server on 127.0.0.1:3401-3403 (MALL_NODE_NAME node-1..3,
#     development tools on, one media folder), the first started alone so it seeds the empty
#     database once, the others once it is ready;
#   - HAProxy (Debian's package, installed when missing) on http://127.0.0.1:3400, round-robin
#     without stickiness, health checks on each node's /health/ready.
# Every process started is recorded in target/cluster/pids (PID and start time); `make
# cluster-stop` (scripts/cluster/stop.sh) ends exactly those. Logs: target/cluster/*.log.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/cluster/common.sh

[[ -x ./target/release/server ]] || cluster_die "./target/release/server is missing; run 'make build' first"
for part in balancer $(seq -f 'node-%g' 1 "$CLUSTER_NODES"); do
  [[ -z "$(cluster_live_pid "$part")" ]] || cluster_die "$part is running already; 'make cluster-stop' first"
done
for port in $(seq "$CLUSTER_PORT" $((CLUSTER_PORT + CLUSTER_NODES))); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then cluster_die "something already listens on 127.0.0.1:$port"; fi
done

# --- What is missing, installed (as .ci/run does).
command -v pg_ctlcluster >/dev/null || { apt-get update && apt-get install -y postgresql; }
command -v haproxy >/dev/null || { apt-get update && apt-get install -y haproxy; }
command -v curl >/dev/null || { apt-get update && apt-get install -y curl; }
if ! pg_isready -q -h 127.0.0.1; then
  pg_cluster=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n1)
  pg_ctlcluster "$pg_cluster" main start 2>/dev/null || pg_ctlcluster "$pg_cluster" main status >/dev/null
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 && break; sleep 1; done
fi
if ! cluster_psql "SELECT 1" >/dev/null 2>&1; then
  su postgres -c "psql -tAc \"SELECT 1 FROM pg_roles WHERE rolname='mall'\"" | grep -q 1 ||
    su postgres -c "psql -c \"CREATE USER mall WITH PASSWORD 'mall' CREATEDB;\""
fi
cluster_psql "SELECT 1" >/dev/null || cluster_die "cannot reach PostgreSQL at $CLUSTER_PG_ADMIN_URL"

# --- The database.
exists=$(cluster_psql "SELECT 1 FROM pg_database WHERE datname = '$CLUSTER_DB'")
if [[ "${MALL_CLUSTER_KEEP:-0}" != 1 || -z "$exists" ]]; then
  [[ -z "$exists" ]] || cluster_psql "DROP DATABASE $CLUSTER_DB WITH (FORCE)"
  cluster_psql "CREATE DATABASE $CLUSTER_DB"
fi

mkdir -p "$CLUSTER_DIR/media" "$CLUSTER_PIDS"

trap 'echo "cluster: start failed; ending what was started" >&2; bash scripts/cluster/stop.sh >&2' ERR
# The first node alone: it migrates and seeds the empty database, once.
start_node 1
wait_ready 1
for i in $(seq 2 "$CLUSTER_NODES"); do start_node "$i"; done
for i in $(seq 2 "$CLUSTER_NODES"); do wait_ready "$i"; done

# --- The balancer.
servers=""
for i in $(seq 1 "$CLUSTER_NODES"); do
  servers+="    server node-$i 127.0.0.1:$((CLUSTER_PORT + i)) check"$'\n'
done
awk -v port="$CLUSTER_PORT" -v servers="$servers" \
  '{ gsub(/@PORT@/, port); if ($0 == "@SERVERS@") printf "%s", servers; else print }' \
  scripts/cluster/haproxy.cfg.in >"$CLUSTER_DIR/haproxy.cfg"
haproxy -c -q -f "$CLUSTER_DIR/haproxy.cfg"
setsid haproxy -db -f "$CLUSTER_DIR/haproxy.cfg" </dev/null >>"$CLUSTER_DIR/haproxy.log" 2>&1 &
cluster_record balancer $!
for _ in $(seq 1 100); do
  served=$(curl -s -o /dev/null -D - --max-time 2 "http://127.0.0.1:$CLUSTER_PORT/health/ready" | tr -d '\r' |
    sed -n 's/^[Xx]-[Ss]erved-[Bb]y: //p' || true)
  [[ -n "$served" ]] && break
  sleep 0.1
done
[[ -n "$served" ]] || cluster_die "the balancer does not answer on 127.0.0.1:$CLUSTER_PORT (log: $CLUSTER_DIR/haproxy.log)"
trap - ERR
echo "cluster: serving on http://127.0.0.1:$CLUSTER_PORT (HAProxy, round-robin over $CLUSTER_NODES nodes; database $CLUSTER_DB)"
echo "cluster: 'make cluster-stop' ends it"
