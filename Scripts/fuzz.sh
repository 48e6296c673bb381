#!/usr/bin/env bash
# Fuzzes the cassette decoder: builds the CassetteFuzz target (Tests/Fuzz) with libFuzzer and AddressSanitizer and
# runs it for a while, reading every input as a cassette file (CassetteFile.decode). Any crash, leak, timeout or
# out-of-memory stops the run with the input saved; replay it with a plain build: `swift run CassetteFuzz <file>`.
#
#   Scripts/fuzz.sh [seconds] [libFuzzer flags...]   default 300 seconds (0: until stopped), e.g. Scripts/fuzz.sh 900
#
# Everything it writes is under .build (FUZZ_DIR to move it):
#   fuzz-build/      the instrumented build (a scratch path of its own, so it never disturbs the normal build)
#   fuzz-corpus/     the corpus, kept between runs and seeded each run from Cassettes/ and Scripts/fuzz/seeds/
#   fuzz-artifacts/  what libFuzzer found: crash-*, leak-*, timeout-*, oom-* (each becomes a regression test)
# The dictionary, Scripts/fuzz/cassette.dict, holds JSON tokens, the format's keys and boundary numbers.
# Linux only: the link needs lld (see below).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-300}"
shift || true
case "$seconds" in ''|*[!0-9]*) echo "usage: Scripts/fuzz.sh [seconds] [libFuzzer flags...]" >&2; exit 2 ;; esac

root="$(pwd)"
work="$(mkdir -p "${FUZZ_DIR:-.build}" && cd "${FUZZ_DIR:-.build}" && pwd)"
build="$work/fuzz-build"
corpus="$work/fuzz-corpus"
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

# Seeds, named by content so that seeding again adds nothing new: every committed cassette, the hand-made seeds
# (every field, the limits of the decoder, a former crash), and the smallest seed in UTF-16 and UTF-32.
seed() { cp "$1" "$corpus/seed-$(cksum < "$1" | tr ' ' '-')"; }
while IFS= read -r -d '' file; do seed "$file"; done < <(find Cassettes Scripts/fuzz/seeds -type f -print0)
for encoding in UTF-16 UTF-16BE UTF-32LE; do
  converted="$build/seed-$encoding.json"
  if iconv -f UTF-8 -t "$encoding" Scripts/fuzz/seeds/empty.json > "$converted" 2>/dev/null; then seed "$converted"; fi
done

echo "== fuzzing for $seconds s; corpus $corpus, findings in $artifacts"
# Run from the artifacts folder, so that what libFuzzer writes beside itself (fuzz-N.log with -jobs) lands there too.
# An input that takes 10 s is a finding (a hang); libFuzzer's default limit is 20 minutes.
cd "$artifacts"
"$fuzzer" "$corpus" -dict="$root/Scripts/fuzz/cassette.dict" -max_total_time="$seconds" -timeout=10 \
  -artifact_prefix="$artifacts/" -print_final_stats=1 "$@"
