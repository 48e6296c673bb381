#!/usr/bin/env bash
# Runs the real httpbin that cassettes are recorded against, on loopback only.
#
#   Scripts/httpbin.sh start    install httpbin + gunicorn into .venv (first run only), start, wait until it answers
#   Scripts/httpbin.sh stop     stop the server this script started (by its own pid)
#   Scripts/httpbin.sh status   say whether it is running; exit 0 if it answers
#
# The address comes from HTTPBIN_URL (default http://127.0.0.1:8765); only loopback hosts are accepted.
set -euo pipefail

name="httpbin.sh"
url="${HTTPBIN_URL:-http://127.0.0.1:8765}"
probe="/get"
process="gunicorn"
listens="127.*|localhost"
# shellcheck source=Scripts/loopback-server.sh
. "$(dirname "${BASH_SOURCE[0]}")/loopback-server.sh"
venv="$root/.venv"

prepare() {
  if [ ! -x "$venv/bin/gunicorn" ] || ! "$venv/bin/python" -c 'import httpbin' 2>/dev/null; then
    echo "httpbin.sh: installing httpbin and gunicorn into .venv (first run only)"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check httpbin gunicorn
  fi
}

launch() {
  "$venv/bin/gunicorn" --bind "$host:$port" --workers 8 --timeout 120 --pid "$pidfile" httpbin:app >"$logfile" 2>&1 &
}

serve "$@"
