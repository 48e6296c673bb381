#!/usr/bin/env bash
# The whole test run, as CI does it:
#  1. the README's test command, `swift test`, offline: no server and CI=true, so nothing can record and
#     every test replays from Cassettes/; the stress tests in full (CASSETTE_STRESS=1); then `cassette verify`
#     over Cassettes/ (decoding, repeated keys, and the secret check: each interaction redacted again by the
#     harness's rules must not change); then `cassette diff` on a re-recording with changes (exit 1, its report
#     compared with the golden file) and on Cassettes/ against HEAD (exit 0); then the documentation
#     (Scripts/docs.sh): every catalog and doc comment through `docc convert --warnings-as-errors`, so every symbol
#     link resolves, and a summary on every public declaration the package writes;
#  2. the live round trip: httpbin installed into .venv and started on loopback (Scripts/httpbin.sh), with the
#     server-sent-events server beside it (Scripts/sse.sh: httpbin has no SSE endpoint) and, on macOS, an HTTPS
#     server with a self-signed certificate (Scripts/tls.sh: only Apple's platforms let a delegate trust it), the live suite records
#     from them into temporary cassettes and replays them offline; then the stream tests again, alone, comparing
#     the times pieces arrive (CASSETTE_LIVE_TIMING=1: beside the rest of the suite, live arrivals move too much);
#  3. the test-framework integrations end to end: the `.cassette` trait suites (one of them process-scoped, on
#     URLSession.shared) and the XCTest classes record from
#     the server into a temporary cassette directory, then replay from it with the server stopped.
#  The servers stop on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-true}"

if Scripts/httpbin.sh status >/dev/null 2>&1; then
  echo "== a server is answering on the httpbin port; the offline run cannot prove it needs none" >&2
fi
echo "== offline: swift test (CI=$CI)"
swift test

echo "== stress: the saves killed 60 times, prune against a recorder 100 times, bodies of every depth to 1,000, and the long generated-input loops (CASSETTE_STRESS=1)"
CASSETTE_STRESS=1 swift test --filter 'KilledSaveTests|PruneRaceTests|DeepBodyTests|HotPathEquivalenceTests|RedactionIdempotenceFuzzTests'

echo "== the committed cassettes decode, repeat no key and hold no unredacted secret: swift run cassette verify Cassettes"
swift run cassette verify Cassettes

echo "== a re-recording reviewed: cassette diff of the diff fixtures (changes: exit 1, the report the golden file holds), then Cassettes/ against HEAD (none: exit 0)"
report="$(mktemp)"
status=0
swift run cassette diff Tests/CassetteToolTests/Fixtures/Diff/old Tests/CassetteToolTests/Fixtures/Diff/new --format markdown >"$report" || status=$?
[ "$status" = 1 ] || { echo "cassette diff exited $status, not 1, on a re-recording with changes" >&2; exit 1; }
diff -u Tests/CassetteToolTests/Golden/diff-markdown.txt "$report"
rm -f "$report"
swift run cassette diff --git HEAD Cassettes

echo "== the documentation: Scripts/docs.sh (docc convert --warnings-as-errors of each module and its catalog, and a summary on every public declaration)"
Scripts/docs.sh

echo "== live: record from httpbin on loopback, replay offline"
trap 'Scripts/httpbin.sh stop || true; Scripts/sse.sh stop || true; Scripts/tls.sh stop >/dev/null 2>&1 || true' EXIT
Scripts/httpbin.sh start
Scripts/sse.sh start
if [ "$(uname)" = Darwin ]; then Scripts/tls.sh start; fi
# CASSETTE_STRESS=1 adds the live test that sends and receives 10 MB (see LiveRoundTripTests.tenMegabytesBothWays).
LIVE_REQUIRED=1 CASSETTE_STRESS=1 swift test --filter Live

echo "== live: streams alone, their pieces' times compared with live (CASSETTE_LIVE_TIMING=1)"
LIVE_REQUIRED=1 CASSETTE_LIVE_TIMING=1 swift test --filter LiveStreamTests

echo "== live: the .cassette trait suite and the XCTest helper record from httpbin, then replay with the server stopped"
integrations='TraitSuiteTests|HTTPBinClientTests.SharedSessionTests|HTTPBinClientXCTests|HTTPBinClientInvokeTestXCTests|SearchTests|SearchXCTests|EveryTestXCTests'
recorded="$(mktemp -d)"
CASSETTE_DIR="$recorded" CASSETTE_RECORD=all swift test --filter "$integrations"
Scripts/httpbin.sh stop
Scripts/sse.sh stop
if [ "$(uname)" = Darwin ]; then Scripts/tls.sh stop; fi
count="$(find "$recorded" -name '*.json' | wc -l | tr -d ' ')"
echo "== recorded $count cassettes into $recorded; replaying them offline"
[ "$count" -gt 0 ] || { echo "nothing was recorded into $recorded" >&2; exit 1; }
CASSETTE_DIR="$recorded" CASSETTE_RECORD=never swift test --filter "$integrations"
rm -rf "$recorded"
