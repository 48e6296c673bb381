#!/usr/bin/env bash
# Runs the HTTPS server with a self-signed certificate that the live suite records over TLS from (Scripts/tls_server.py),
# on loopback only. Standard-library Python 3 and the openssl command: nothing to install.
#
#   Scripts/tls.sh start    start it, wait until /health answers
#   Scripts/tls.sh stop     stop the server this script started (by its own pid)
#   Scripts/tls.sh status   say whether it is running; exit 0 if it answers
#
# The address comes from TLS_URL (default https://127.0.0.1:8767); the server listens on 127.0.0.1 only. Its
# certificate is made in Scripts/.tls/ on first start.
set -euo pipefail

name="tls.sh"
url="${TLS_URL:-https://127.0.0.1:8767}"
probe="/health"
process="tls_server\.py"
listens="127.0.0.1|localhost"
# shellcheck source=Scripts/loopback-server.sh
. "$(dirname "${BASH_SOURCE[0]}")/loopback-server.sh"

launch() {
  # The server writes its own pid file once listening: $! may be a wrapper's pid (a pyenv shim), not the server's.
  python3 "$root/Scripts/tls_server.py" "$port" --pid-file "$pidfile" --cert-dir "$root/Scripts/.tls" >"$logfile" 2>&1 &
}

serve "$@"
