#!/usr/bin/env bash
# `make cluster-stop`: ends exactly the processes scripts/cluster/start.sh recorded (the
# balancer first, then the nodes), each by its PID and only if it is still the process that
# was started (same start time); the database is kept until the next `make cluster`.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/cluster/common.sh

[[ -d "$CLUSTER_PIDS" ]] || { echo "cluster: nothing recorded as running"; exit 0; }
parts=()
[[ -f "$CLUSTER_PIDS/balancer" ]] && parts+=(balancer)
for file in "$CLUSTER_PIDS"/node-*; do [[ -f "$file" ]] && parts+=("$(basename "$file")"); done
for part in "${parts[@]}"; do
  pid=$(cluster_live_pid "$part")
  if [[ -z "$pid" ]]; then
    echo "cluster: $part had ended already"
  else
    # SIGTERM: the server finishes the requests in flight and stops (as systemd stops it).
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do [[ -n "$(cluster_live_pid "$part")" ]] || break; sleep 0.1; done
    if [[ -n "$(cluster_live_pid "$part")" ]]; then kill -KILL "$pid" 2>/dev/null || true; fi
    echo "cluster: $part (pid $pid) stopped"
  fi
  rm -f "$CLUSTER_PIDS/$part"
done
