#!/usr/bin/env bash
# Re-records the committed cassettes against a real httpbin on loopback, then shows what changed.
#
#   Scripts/record.sh            every cassette: the example client's tests and the demo tour
#   Scripts/record.sh FILTER     only the tests `swift test --filter FILTER` selects
#
# Starts httpbin (Scripts/httpbin.sh), records with CASSETTE_RECORD=all, stops the server, and prints
# `git diff --stat Cassettes`. An unchanged API leaves no diff except where the server's answers really
# differ from run to run (see "Recording again" in Sources/CassetteTesting/CassetteTesting.docc/Recording.md).
set -euo pipefail
cd "$(dirname "$0")/.."
filter="${1:-HTTPBinClientTests}"

trap 'Scripts/httpbin.sh stop >/dev/null || true' EXIT
Scripts/httpbin.sh start
unset CI
echo "== recording: CASSETTE_RECORD=all swift test --filter $filter"
CASSETTE_RECORD=all swift test --filter "$filter"
if [ -z "${1:-}" ]; then
  echo "== recording: CASSETTE_RECORD=all swift run demo"
  CASSETTE_RECORD=all swift run demo
fi
echo "== cassettes changed (git diff --stat Cassettes):"
git diff --stat -- Cassettes
git status --short -- Cassettes | grep '^??' || true
