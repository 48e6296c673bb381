#!/usr/bin/env bash
# Runs the real httpbin that cassettes are recorded against, on loopback only.
#
#   Scripts/httpbin.sh start    install httpbin + gunicorn into .venv (first run only), start, wait until it answers
#   Scripts/httpbin.sh stop     stop the server this script started (by its own pid)
#   Scripts/httpbin.sh status   say whether it is running; exit 0 if it answers
#
# The address comes from HTTPBIN_URL (default http://127.0.0.1:8765); only loopback hosts are accepted.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
url="${HTTPBIN_URL:-http://127.0.0.1:8765}"
hostport="${url#http://}"
hostport="${hostport%%/*}"
host="${hostport%:*}"
port="${hostport##*:}"
venv="$root/.venv"
pidfile="$root/Scripts/.httpbin.pid"
logfile="$root/Scripts/.httpbin.log"

case "$host" in
  127.*|localhost) ;;
  *) echo "httpbin.sh: HTTPBIN_URL must point at loopback (127.0.0.1 or localhost), not '$host'" >&2; exit 2 ;;
esac

answers() {
  python3 - "$url/get" <<'PY'
import sys, urllib.request
try:
    urllib.request.urlopen(sys.argv[1], timeout=2).read()
except Exception:
    sys.exit(1)
PY
}

install() {
  if [ ! -x "$venv/bin/gunicorn" ] || ! "$venv/bin/python" -c 'import httpbin' 2>/dev/null; then
    echo "httpbin.sh: installing httpbin and gunicorn into .venv (first run only)"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check httpbin gunicorn
  fi
}

start() {
  if answers; then echo "httpbin.sh: already answering at $url"; return 0; fi
  install
  "$venv/bin/gunicorn" --bind "$host:$port" --workers 8 --timeout 120 --pid "$pidfile" httpbin:app >"$logfile" 2>&1 &
  for _ in $(seq 1 100); do
    if answers; then echo "httpbin.sh: running at $url (pid $(cat "$pidfile" 2>/dev/null || echo '?'))"; return 0; fi
    sleep 0.2
  done
  echo "httpbin.sh: httpbin did not answer at $url within 20 s; log follows" >&2
  cat "$logfile" >&2 || true
  exit 1
}

stop() {
  if [ -f "$pidfile" ]; then
    pid="$(cat "$pidfile")"
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    rm -f "$pidfile"
    echo "httpbin.sh: stopped (pid $pid)"
  else
    echo "httpbin.sh: not started by this script (no $pidfile)"
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) if answers; then echo "httpbin.sh: answering at $url"; else echo "httpbin.sh: not answering at $url"; exit 1; fi ;;
  *) echo "usage: Scripts/httpbin.sh start|stop|status" >&2; exit 2 ;;
esac
