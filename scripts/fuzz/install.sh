#!/usr/bin/env bash
# Installs Schemathesis, pinned in scripts/fuzz/requirements.txt, into target/fuzz/venv; does
# nothing when that venv already holds exactly those pins.
set -euo pipefail
cd "$(dirname "$0")/../.."

venv=target/fuzz/venv
if ! cmp -s scripts/fuzz/requirements.txt "$venv/requirements.txt" 2>/dev/null; then
  rm -rf "$venv"
  python3 -m venv "$venv" 2>/dev/null || { apt-get install -y python3-venv && python3 -m venv "$venv"; }
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r scripts/fuzz/requirements.txt
  cp scripts/fuzz/requirements.txt "$venv/requirements.txt"
fi
