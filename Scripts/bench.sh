#!/usr/bin/env bash
# Builds cassette-bench in release and runs it: a table of every case against its floor, then one JSON line.
#
#   Scripts/bench.sh           all cases; the live ones (5, 7) start httpbin on loopback for the run
#   BENCH_QUICK=1 Scripts/bench.sh   fewer requests, for a quick look
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product cassette-bench
started=0
if ! Scripts/httpbin.sh status >/dev/null 2>&1; then
  if Scripts/httpbin.sh start; then started=1; else echo "bench.sh: httpbin unavailable; cases 5 and 7 will be skipped" >&2; fi
fi
trap '[ "$started" = 1 ] && Scripts/httpbin.sh stop >/dev/null || true' EXIT
"$(swift build -c release --show-bin-path)/cassette-bench"
