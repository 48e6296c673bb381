#!/usr/bin/env bash
# The documentation, checked like code: for every library target (`swift package describe`),
#  1. its symbol graph, public declarations only, from a build in a scratch path of its own (.build/docs), so the
#     flags that emit graphs never make the normal build (.build) start again; the graphs stay in .build/docs/graphs
#     so that a module the build does not recompile keeps its graph;
#  2. `docc convert --warnings-as-errors` of its catalog (Sources/<Module>/<Module>.docc) when it has one, or of its
#     graph alone, given only that module's graph files (<Module>.symbols.json and the <Module>@<Extended> ones for
#     its extensions of other modules' types; another module's file would add a second module to the archive):
#     every ``symbol link`` in the catalog and the doc comments resolves, and the documented parameters are the
#     declaration's; with --enable-inherited-docs, so that a page shows a doc comment written in another module
#     (CassetteTesting's pages show what CassetteCore writes);
#  3. docc's documentation coverage of it: every public declaration the package wrote has a summary
#     (Scripts/docs_check.py says what counts as written here and what is excluded, and why).
# Any warning or missing summary fails the script, after every module has been checked. About 15 s when the build
# is current; a clean clone's first run also builds the libraries, about a minute on two cores.
#
#   Scripts/docs.sh                  check every module
#   Scripts/docs.sh Networking ...   only these modules (the build covers the library targets all the same)
#   DOCS_OUTPUT=DIR Scripts/docs.sh  keep each module's archive in DIR/<Module>.doccarchive (default: a temporary folder)
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

docc="$(command -v docc || xcrun --find docc 2>/dev/null || true)"
[ -n "$docc" ] || { echo "docs.sh: no docc: it comes with the Swift toolchain (xcrun docc on macOS)" >&2; exit 1; }

scratch=.build/docs
graphs="$scratch/graphs"
mkdir -p "$graphs"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
output="${DOCS_OUTPUT:-$work/archives}"
mkdir -p "$output"

swift package describe --type json >"$work/describe.json"
libraries=() leaves=() dependencies=()
while read -r name leaf below; do
  libraries+=("$name")
  dependencies+=("$below")
  if [ "$leaf" = 1 ]; then leaves+=("$name"); fi
done < <(python3 Scripts/docs_check.py targets <"$work/describe.json")

for catalog in Sources/*/*.docc; do
  [ -d "$catalog" ] || continue
  module="$(basename "$(dirname "$catalog")")"
  case " ${libraries[*]} " in
    *" $module "*) ;;
    *) echo "docs.sh: $catalog belongs to $module, which is not a library target: nothing to build it from" >&2; exit 1 ;;
  esac
  [ "$catalog" = "Sources/$module/$module.docc" ] || { echo "docs.sh: name $catalog Sources/$module/$module.docc" >&2; exit 1; }
done

build() {
  swift build --scratch-path "$scratch" --target "$1" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >"$work/build.log" 2>&1 \
    || { cat "$work/build.log" >&2; exit 1; }
  grep -E 'warning:' "$work/build.log" >&2 || true
}
echo "== symbol graphs: swift build --scratch-path $scratch, for ${leaves[*]} and what they depend on"
for target in "${leaves[@]}"; do build "$target"; done
# A module's graph also holds text from the modules below it: the doc comments of what it re-exports
# (CassetteTesting shows CassetteCore's) and of the requirements its members implement. The build recompiles a
# module when what it imports changes its interface, not its doc comments; so a graph older than one below it is
# emitted again, by removing the module's .swiftmodule (only the job that emits the module runs again). Modules come
# in dependency order, so each is compared with graphs already current.
bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
for i in "${!libraries[@]}"; do
  module="${libraries[$i]}" stale=0
  [ "${dependencies[$i]}" = - ] && continue
  IFS=, read -r -a below <<<"${dependencies[$i]}"
  for dependency in "${below[@]}"; do
    if [ "$graphs/$dependency.symbols.json" -nt "$graphs/$module.symbols.json" ]; then stale=1; fi
  done
  if [ "$stale" = 1 ]; then
    echo "== $module: a module below it changed since its graph was emitted; emitting it again"
    rm -rf "$bin/Modules/$module.swiftmodule" "$bin/$module.swiftmodule"
    build "$module"
    touch "$graphs/$module.symbols.json"
  fi
done

if [ "$#" -gt 0 ]; then modules=("$@"); else modules=("${libraries[@]}"); fi
failed=()
for module in "${modules[@]}"; do
  catalog="Sources/$module/$module.docc"
  [ -f "$graphs/$module.symbols.json" ] || { echo "docs.sh: no symbol graph for $module: is it a library target?" >&2; exit 1; }
  mkdir -p "$work/$module"
  cp "$graphs/$module.symbols.json" "$work/$module/"
  for extension in "$graphs/$module@"*.symbols.json; do
    if [ -f "$extension" ]; then cp "$extension" "$work/$module/"; fi
  done
  has_catalog=0 source=()
  if [ -d "$catalog" ]; then has_catalog=1 source=("$catalog"); fi
  if [ "$has_catalog" = 0 ] && ! grep -q '"precise"' "$graphs/$module.symbols.json"; then
    echo "== $module: no public declarations and no catalog"
    continue
  fi
  echo "== $module: docc convert ${source[*]:-(doc comments only)} --warnings-as-errors, with its documentation coverage"
  archive="$output/$module.doccarchive"
  rm -rf "$archive"
  status=0
  "$docc" convert ${source[@]+"${source[@]}"} --additional-symbol-graph-dir "$work/$module" --output-path "$archive" \
    --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
    --enable-inherited-docs --warnings-as-errors \
    --experimental-documentation-coverage --coverage-summary-level none >"$work/$module.log" 2>&1 || status=$?
  # --warnings-as-errors turns each warning into an error and a non-zero exit; a warning it lets through fails too.
  if [ "$status" != 0 ] || grep -qE '^(warning|error):' "$work/$module.log"; then
    grep -vE '^ *--- Experimental coverage output enabled\. ---$' "$work/$module.log" >&2
    failed+=("$module (docc convert)")
    echo "   $module: summaries not checked: docc writes no coverage when it fails" >&2
    continue
  fi
  HAS_CATALOG="$has_catalog" python3 Scripts/docs_check.py coverage "$module" "$archive" "$work/$module" Sources \
    || failed+=("$module (summaries)")
done

echo "== docs.sh took $((SECONDS - started)) s"
if [ "${#failed[@]}" -gt 0 ]; then
  echo "docs.sh: failed: ${failed[*]}" >&2
  exit 1
fi
echo "== every catalog and doc comment builds without a warning, and every public declaration has a summary"
