#!/usr/bin/env bash
# The whole test run, as CI does it:
#  1. the README's test command, `swift test`, offline: no server and CI=true, so nothing can record and
#     every test replays from Cassettes/;
#  2. the live round trip: httpbin installed into .venv and started on loopback (Scripts/httpbin.sh), the live
#     suite records from it into temporary cassettes and replays them offline. The server stops on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-true}"

if Scripts/httpbin.sh status >/dev/null 2>&1; then
  echo "== a server is answering on the httpbin port; the offline run cannot prove it needs none" >&2
fi
echo "== offline: swift test (CI=$CI)"
swift test

echo "== live: record from httpbin on loopback, replay offline"
trap 'Scripts/httpbin.sh stop || true' EXIT
Scripts/httpbin.sh start
LIVE_REQUIRED=1 swift test --filter Live
