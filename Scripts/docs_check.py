#!/usr/bin/env python3
"""Scripts/docs.sh's two readings of JSON (see that script for the whole check).

  docs_check.py targets < describe.json
      The package's library targets (`swift package describe --type json`), each after those it depends on, one a
      line as `NAME LEAF DEPENDENCIES`: LEAF is 1 when no other library target depends on it (building the leaves
      builds every library), DEPENDENCIES the library targets it depends on, directly or not, joined by commas
      (`-` for none).

  docs_check.py coverage MODULE ARCHIVE GRAPHS SOURCES
      Reads docc's documentation-coverage.json in ARCHIVE (`docc convert --experimental-documentation-coverage`)
      and lists each symbol it finds without an abstract (the summary, a doc comment's first paragraph) that the
      package wrote: one whose symbol graph entry, in GRAPHS, has a location under SOURCES. Exit 1 if any.

      Not the package's to write, so not listed:
      - members a type gets from a protocol extension, ours or a framework's (`!=`, `localizedDescription`, a
        `RawRepresentable`'s `hashValue`, a trait's `comments`): their identifiers carry `::SYNTHESIZED::`. Where
        the extension's member is documented, the page shows its text (docs.sh passes --enable-inherited-docs) and
        the member is not missing one; the others are counted and skipped;
      - members the compiler derives (a `Codable` type's `init(from:)`): their entries have no location.
      A declaration written here that implements a protocol requirement (`description`, `==`, `encode(to:)`, a
      conformer's `path`) needs its own `///`: the symbol graph gives it no text from the requirement, so docc would
      show only "Inherited from ...". --enable-inherited-docs also keeps the text CassetteCore writes on such
      declarations on CassetteTesting's pages, which re-export them: without it docc drops a doc comment written in
      another module than the page's.
      The module's own page is left to its catalog: with one (HAS_CATALOG=1 in the environment) its landing page
      must have a summary too.
"""
import glob
import json
import os
import sys


def targets():
    described = json.load(sys.stdin)
    direct = {t["name"]: t.get("target_dependencies", []) for t in described["targets"] if t["type"] == "library"}
    direct = {name: [d for d in deps if d in direct] for name, deps in direct.items()}
    used = {d for deps in direct.values() for d in deps}
    ordered, below = [], {}

    def visit(name):
        if name in below:
            return below[name]
        below[name] = set()
        for d in direct[name]:
            below[name] |= {d} | visit(d)
        ordered.append(name)
        return below[name]

    for name in sorted(direct):
        visit(name)
    for name in ordered:
        print(name, 0 if name in used else 1, ",".join(sorted(below[name])) or "-")


def coverage(module, archive, graphs, sources):
    sources = os.path.realpath(sources)
    symbols = {}
    for path in glob.glob(os.path.join(graphs, "*.symbols.json")):
        with open(path) as f:
            for symbol in json.load(f)["symbols"]:
                symbols[symbol["identifier"]["precise"]] = symbol

    # Each page docc rendered, by its reference, to the symbol it shows.
    identifiers = {}
    for path in glob.glob(os.path.join(archive, "data", "**", "*.json"), recursive=True):
        with open(path) as f:
            page = json.load(f)
        reference = page.get("identifier", {}).get("url")
        external = page.get("metadata", {}).get("externalID")
        if reference and external:
            identifiers[reference] = external

    with open(os.path.join(archive, "documentation-coverage.json")) as f:
        entries = [e for e in json.load(f) if e["kind"].get("isSymbol")]

    missing, inherited, derived = [], 0, 0
    for entry in entries:
        if entry["hasAbstract"]:
            continue
        if entry["kind"]["id"] == "org.swift.docc.kind.module":
            if os.environ.get("HAS_CATALOG") == "1":
                missing.append((f"Sources/{module}/{module}.docc", "the landing page has no summary: add a paragraph under its title"))
            continue
        identifier = identifiers.get(entry["referencePath"])
        symbol = symbols.get(identifier)
        if identifier is None or symbol is None:
            missing.append((entry["referencePath"], f"{entry['title']} has no summary, and no symbol in the graph to say where it is"))
            continue
        if "::SYNTHESIZED::" in identifier:
            inherited += 1
            continue
        location = symbol.get("location")
        if location is None:
            derived += 1
            continue
        path = location["uri"].removeprefix("file://")
        if not os.path.realpath(path).startswith(sources + os.sep):
            derived += 1
            continue
        where = f"{os.path.relpath(path)}:{location['position']['line'] + 1}"
        name, kind = "/".join(symbol["pathComponents"]), entry["kind"]["name"].lower()
        missing.append((where, f"{name} ({kind}) has no summary: add a /// line saying what it does"))

    print(f"   {module}: {len(entries)} symbols; without a summary but not written here: {inherited} from protocol "
          f"extensions, {derived} derived by the compiler; written without a summary: {len(missing)}")
    for where, message in sorted(missing):
        print(f"{where}: {message}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["targets"]:
        targets()
    elif sys.argv[1:2] == ["coverage"] and len(sys.argv) == 6:
        sys.exit(coverage(*sys.argv[2:]))
    else:
        sys.exit(__doc__)
