#!/usr/bin/env bash
# Fuzzes the harness: builds the CassetteFuzz target (Tests/Fuzz) with libFuzzer and AddressSanitizer and runs it for
# a while on one target (FuzzTarget.swift says what each reads an input as):
#   cassette  every input read as a cassette file (CassetteFile.decode): no crash, hang or leak of memory
#   har       every input imported as a HAR file and redacted as `cassette import-har` does, then judged for leaks
#   body      every input a body of some content type, sent and echoed, redacted as recording does, judged for leaks
#   scan      every input placed in a URL's query and fragment, headers, a cookie, a redirect and a plain body, judged
# The leak oracle (Tests/Fuzz/LeakOracle.swift): nothing of a secret's shape remains in what redaction stored, in any
# spelling (as stored, percent-decoded, JSON-unescaped), and redacting it again changes nothing (verify's check).
# Any crash, leak, timeout, out-of-memory or leaked secret stops the run with the input saved; replay it with a plain
# build: `FUZZ_TARGET=<target> swift run CassetteFuzz <file>`.
#
#   Scripts/fuzz.sh [--target cassette|har|body|scan] [seconds] [libFuzzer flags...]
#       default: cassette, 300 seconds (0: until stopped), e.g. Scripts/fuzz.sh --target body 1800
#
# Everything it writes is under .build (FUZZ_DIR to move it):
#   fuzz-build/              the instrumented build (a scratch path of its own, so it never disturbs the normal build)
#   fuzz-corpus[-<target>]/  the corpus, kept between runs and seeded each run: cassette from Cassettes/ and
#                            Scripts/fuzz/seeds/; the others from what `CassetteFuzz --seeds` makes of Cassettes/ (and
#                            for har the HAR fixtures), with planted tokens of secrets' shapes
#   fuzz-artifacts/          what libFuzzer found: <target>-crash-*, -leak-*, -timeout-*, -oom-* (each becomes a test)
# The dictionaries: Scripts/fuzz/cassette.dict (JSON tokens, the format's keys, boundary numbers) for cassette, and
# Scripts/fuzz/leak.dict (HAR's keys, the rules' names, secrets' prefixes, escapes) for the others.
# Linux only: the link needs lld (see below).
set -euo pipefail
cd "$(dirname "$0")/.."
target=cassette
if [ "${1:-}" = "--target" ]; then target="${2:-}"; shift 2 || true; fi
case "$target" in cassette|har|body|scan) ;; *) echo "fuzz.sh: --target is one of cassette, har, body, scan" >&2; exit 2 ;; esac
seconds="${1:-300}"
shift || true
case "$seconds" in ''|*[!0-9]*) echo "usage: Scripts/fuzz.sh [--target cassette|har|body|scan] [seconds] [libFuzzer flags...]" >&2; exit 2 ;; esac
export FUZZ_TARGET="$target"
# A finding aborts: Swift's own crash backtracer would then fight AddressSanitizer over the dying process.
export SWIFT_BACKTRACE=enable=no

root="$(pwd)"
work="$(mkdir -p "${FUZZ_DIR:-.build}" && cd "${FUZZ_DIR:-.build}" && pwd)"
build="$work/fuzz-build"
corpus="$work/fuzz-corpus$([ "$target" = cassette ] || echo "-$target")"
artifacts="$work/fuzz-artifacts"
mkdir -p "$build" "$corpus" "$artifacts"

# libFuzzer's `main` comes along with -sanitize=fuzzer, and SwiftPM links the executable with
# `--defsym main=CassetteFuzz_main` (its renamed entry point), which then calls LLVMFuzzerRunDriver. gold fails on
# the two mains (an internal error); lld lets the --defsym win. SwiftPM picks the linker from a toolset file.
lld="$(dirname "$(command -v swift)")/ld.lld"
[ -x "$lld" ] || lld="$(command -v ld.lld || true)"
[ -n "$lld" ] || { echo "fuzz.sh: ld.lld not found next to swift or on PATH" >&2; exit 1; }
printf '{ "schemaVersion": "1.0", "linker": { "path": "%s" } }\n' "$lld" > "$build/toolset.json"

echo "== building CassetteFuzz with -sanitize=fuzzer,address into $build"
swift build -c release --scratch-path "$build" --toolset "$build/toolset.json" --product CassetteFuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
fuzzer="$(swift build -c release --scratch-path "$build" --toolset "$build/toolset.json" --show-bin-path)/CassetteFuzz"

# Seeds, named by content so that seeding again adds nothing new.
seed() { cp "$1" "$corpus/seed-$(cksum < "$1" | tr ' ' '-')"; }
dictionary="$root/Scripts/fuzz/leak.dict"
if [ "$target" = cassette ]; then
  # Every committed cassette, the hand-made seeds (every field, the limits of the decoder, a former crash), and the
  # smallest seed in UTF-16 and UTF-32.
  dictionary="$root/Scripts/fuzz/cassette.dict"
  while IFS= read -r -d '' file; do seed "$file"; done < <(find Cassettes Scripts/fuzz/seeds -type f -print0)
  for encoding in UTF-16 UTF-16BE UTF-32LE; do
    converted="$build/seed-$encoding.json"
    if iconv -f UTF-8 -t "$encoding" Scripts/fuzz/seeds/empty.json > "$converted" 2>/dev/null; then seed "$converted"; fi
  done
else
  made="$build/seeds-$target"
  rm -rf "$made" && mkdir -p "$made"
  find Cassettes -name '*.json' -print0 | xargs -0 "$fuzzer" --seeds "$made"
  [ "$target" != har ] || cp Tests/CassetteToolTests/Fixtures/HAR/*.har "$made/"
  while IFS= read -r -d '' file; do seed "$file"; done < <(find "$made" -type f -print0)
fi

echo "== fuzzing $target for $seconds s; corpus $corpus, findings in $artifacts"
# Run from the artifacts folder, so that what libFuzzer writes beside itself (fuzz-N.log with -jobs) lands there too.
# An input that takes 10 s is a finding (a hang); libFuzzer's default limit is 20 minutes.
cd "$artifacts"
"$fuzzer" "$corpus" -dict="$dictionary" -max_total_time="$seconds" -timeout=10 \
  -artifact_prefix="$artifacts/$target-" -print_final_stats=1 "$@"
