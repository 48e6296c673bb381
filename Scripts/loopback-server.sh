# Sourced by the scripts that run a test server on loopback (httpbin.sh, sse.sh, tls.sh): one way to find the address, to
# wait for the server, to stop only the server the script started, and to answer start|stop|status.
#
# The sourcing script sets, then calls `serve "$@"`:
#   name       what messages call it ("httpbin.sh")
#   url        its base URL (from its variable, with a default)
#   probe      a path that answers 200 once the server is up ("/get")
#   process    a pattern of the server's command line, so that a stale pid file never stops another process
#   launch     a function that starts the server in the background and leaves its pid in "$pidfile"
#   listens    the hosts the server can listen on: globs separated by "|" (e.g. "127.*|localhost")
# and may define `prepare` (run before launching: installing the server, say).
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

hostport="${url#http://}"
hostport="${hostport#https://}"
hostport="${hostport%%/*}"
host="${hostport%:*}"
port="${hostport##*:}"
pidfile="$root/Scripts/.${name%.sh}.pid"
logfile="$root/Scripts/.${name%.sh}.log"

allowed=0
IFS='|' read -ra patterns <<<"$listens"
for pattern in "${patterns[@]}"; do
  # shellcheck disable=SC2053 # the pattern is a glob on purpose
  if [[ $host == $pattern ]]; then allowed=1; fi
done
if [ "$allowed" = 0 ]; then
  echo "$name: the server's URL must point at loopback ($listens), not '$host'" >&2
  exit 2
fi

answers() {
  python3 - "$url$probe" <<'PY'
import ssl, sys, urllib.request
# The probe asks our own loopback server whether it is up; a self-signed certificate there is the point (tls.sh).
context = ssl._create_unverified_context() if sys.argv[1].startswith("https:") else None
try:
    with urllib.request.urlopen(sys.argv[1], timeout=2, context=context) as response:
        sys.exit(0 if response.status == 200 else 1)
except Exception:
    sys.exit(1)
PY
}

start() {
  if answers; then echo "$name: already answering at $url"; return 0; fi
  if declare -F prepare >/dev/null; then prepare; fi
  launch
  for _ in $(seq 1 100); do
    if answers; then echo "$name: running at $url (pid $(cat "$pidfile" 2>/dev/null || echo '?'))"; return 0; fi
    sleep 0.2
  done
  echo "$name: the server did not answer at $url within 20 s; log follows" >&2
  cat "$logfile" >&2 || true
  stop >/dev/null
  exit 1
}

stop() {
  if [ -f "$pidfile" ]; then
    pid="$(cat "$pidfile")"
    # Only the server this script started: a pid file left by a crash may name a pid reused since.
    if ps -p "$pid" -o args= 2>/dev/null | grep -q "$process"; then
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    rm -f "$pidfile"
    echo "$name: stopped (pid $pid)"
  else
    echo "$name: not started by this script (no $pidfile)"
  fi
}

serve() {
  case "${1:-}" in
    start) start ;;
    stop) stop ;;
    status) if answers; then echo "$name: answering at $url"; else echo "$name: not answering at $url"; exit 1; fi ;;
    *) echo "usage: Scripts/$name start|stop|status" >&2; exit 2 ;;
  esac
}
