#!/usr/bin/env bash
# Runs the server-sent-events server the live suite streams from (Scripts/sse_server.py: httpbin has no SSE
# endpoint), on loopback only. Standard-library Python 3: nothing to install.
#
#   Scripts/sse.sh start    start it, wait until /health answers
#   Scripts/sse.sh stop     stop the server this script started (by its own pid)
#   Scripts/sse.sh status   say whether it is running; exit 0 if it answers
#
# The address comes from SSE_URL (default http://127.0.0.1:8766); the server listens on 127.0.0.1 only.
set -euo pipefail

name="sse.sh"
url="${SSE_URL:-http://127.0.0.1:8766}"
probe="/health"
process="sse_server\.py"
listens="127.0.0.1|localhost"
# shellcheck source=Scripts/loopback-server.sh
. "$(dirname "${BASH_SOURCE[0]}")/loopback-server.sh"

launch() {
  # The server writes its own pid file once listening: $! may be a wrapper's pid (a pyenv shim), not the server's.
  python3 "$root/Scripts/sse_server.py" "$port" --pid-file "$pidfile" >"$logfile" 2>&1 &
}

serve "$@"
