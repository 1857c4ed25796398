#!/usr/bin/env bash
# Runs deploy/systemd/mall-node@.service under systemd, installed as docs/deploy.md says: a
# Debian bookworm system (debootstrap from Debian's mirror, kept in target/systemd-box for the
# next runs) booted with systemd-nspawn, sharing this machine's network; the release build in
# /opt/mall; node 1 on SQLite, listening on 127.0.0.1:$MALL_SYSTEMD_CHECK_PORT (3461).
#
# Checks that systemd starts the unit (`server migrate`, then `server serve`, under the unit's
# hardening) and it answers /health/ready with X-Served-By naming the instance; that after a
# SIGKILL systemd starts it again (Restart=on-failure); that `systemctl stop` ends it with
# SIGTERM cleanly within TimeoutStopSec. Needs root; a few minutes the first time, about 30 s
# after. `make deploy-check` runs it.
set -euo pipefail
cd "$(dirname "$0")/../.."

BOX=target/systemd-box
PORT="${MALL_SYSTEMD_CHECK_PORT:-3461}"
UNIT=mall-node@1
die() { echo "deploy-check: $*" >&2; exit 1; }

[[ $(id -u) == 0 ]] || die "needs root (systemd-nspawn, debootstrap)"
[[ -x ./target/release/server && -d target/site && -d widgets/dist ]] || die "run 'make build' first"
if ! command -v systemd-nspawn >/dev/null || ! command -v debootstrap >/dev/null; then
  apt-get install -y -q systemd-container debootstrap >/dev/null
fi
if [[ ! -f "$BOX/.debootstrapped" ]]; then
  rm -rf "$BOX"
  echo "deploy-check: installing a minimal Debian bookworm with systemd in $BOX ..."
  debootstrap --variant=minbase --include=systemd,systemd-sysv,dbus,ca-certificates \
    bookworm "$BOX" http://deb.debian.org/debian >"target/systemd-box.log" 2>&1 ||
    { tail -n 20 target/systemd-box.log >&2; die "debootstrap failed"; }
  touch "$BOX/.debootstrapped"
fi

# A fresh install of the build, by the commands of docs/deploy.md.
inside() { chroot "$BOX" "$@"; }
rm -rf "$BOX/opt/mall" "$BOX/var/lib/mall" "$BOX/etc/mall" "$BOX/etc/systemd/system/mall-node@.service"
mkdir -p "$BOX/opt/mall/widgets" "$BOX/opt/mall/docs"
cp ./target/release/server "$BOX/opt/mall/"
cp -a target/site "$BOX/opt/mall/site"
cp -a locales "$BOX/opt/mall/"
cp -a widgets/dist "$BOX/opt/mall/widgets/"
cp docs/deploy.md "$BOX/opt/mall/docs/"
inside id mall >/dev/null 2>&1 || inside useradd --system --home /opt/mall mall
inside install -d -o mall -g mall /var/lib/mall /var/lib/mall/media
inside install -d /etc/mall
cp deploy/systemd/mall-node@.service "$BOX/etc/systemd/system/"
cat >"$BOX/etc/mall/mall.env" <<EOF
DATABASE_URL=sqlite:///var/lib/mall/mall.db
MALL_DEMO=1
MALL_PUBLIC_URL=http://127.0.0.1:$PORT
MALL_MEDIA_DIR=/var/lib/mall/media
MALL_WIDGETS_DIR=/opt/mall/widgets/dist
MALL_LOCALES_DIR=/opt/mall/locales
RUST_LOG=info,sqlx=warn,tower_http=warn
EOF
echo "LEPTOS_SITE_ADDR=127.0.0.1:$PORT" >"$BOX/etc/mall/node-1.env"
inside systemctl enable "$UNIT" >/dev/null 2>&1

# Boot it. Without a systemd on this machine there is no machined to register with.
setsid systemd-nspawn -D "$BOX" --boot --register=no --keep-unit --machine=mall-check \
  --console=passive >target/systemd-box-boot.log 2>&1 </dev/null &
NSPAWN=$!
LEADER=""
in_box() { nsenter -t "$LEADER" -a "$@"; }
finish() {
  if [[ -n "$LEADER" ]] && kill -0 "$LEADER" 2>/dev/null; then
    in_box systemctl poweroff >/dev/null 2>&1 || kill -RTMIN+4 "$LEADER" 2>/dev/null || true
  fi
  for _ in $(seq 1 100); do kill -0 "$NSPAWN" 2>/dev/null || return 0; sleep 0.2; done
  # Killing a PID namespace's first process ends every process in it.
  [[ -n "$LEADER" ]] && kill -9 "$LEADER" 2>/dev/null
  kill -9 "$NSPAWN" 2>/dev/null || true
}
trap finish EXIT
# The container's PID 1 (systemd), a child of systemd-nspawn once its set-up child is gone.
for _ in $(seq 1 300); do
  LEADER=$(pgrep -P "$NSPAWN" -x systemd | head -n 1 || true)
  [[ -n "$LEADER" ]] && break
  sleep 0.1
done
[[ -n "$LEADER" ]] || { cat target/systemd-box-boot.log >&2; die "the container did not start"; }

ready() { [[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$PORT/health/ready" || true)" == 200 ]]; }
wait_ready() {
  for _ in $(seq 1 600); do ready && return 0; sleep 0.5; done
  in_box journalctl -u "$UNIT" --no-pager | tail -n 30 >&2
  die "$UNIT is not ready after 5 minutes ($1)"
}
prop() { in_box systemctl show -p "$1" --value "$UNIT"; }

wait_ready "first start"
served_by=$(curl -s -D - -o /dev/null "http://127.0.0.1:$PORT/health/ready" | tr -d '\r' | sed -n 's/^x-served-by: //Ip')
[[ "$served_by" == *-1 ]] || die "X-Served-By is '$served_by', expected the host's name and the instance (…-1)"
[[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/")" == 200 ]] || die "the home page does not answer 200"
echo "deploy-check: systemd started $UNIT (migrate, then serve): ready, X-Served-By $served_by, home page 200"

first=$(prop MainPID)
# As a crash would: SIGKILL from outside, not through systemd.
pkill -9 -f '^/opt/mall/server serve'
for _ in $(seq 1 100); do ready || break; sleep 0.1; done
wait_ready "after SIGKILL"
second=$(prop MainPID)
[[ "$second" != "$first" && "$(prop NRestarts)" == 1 ]] ||
  die "systemd did not restart $UNIT after SIGKILL (MainPID $first -> $second, NRestarts $(prop NRestarts))"
echo "deploy-check: after SIGKILL systemd started $UNIT again (Restart=on-failure) and it is ready"

started=$(date +%s%N)
in_box systemctl stop "$UNIT"
stop_ms=$((($(date +%s%N) - started) / 1000000))
[[ "$(prop Result)" == success && "$(prop ActiveState)" == inactive ]] ||
  die "$UNIT did not stop cleanly (Result $(prop Result), state $(prop ActiveState))"
ready && die "$UNIT still answers after systemctl stop"
echo "deploy-check: systemctl stop ended $UNIT with SIGTERM cleanly in ${stop_ms} ms"
echo "deploy-check: passed"
