#!/usr/bin/env python3
"""Lists the public symbols of a module's symbol graphs (`swift package dump-symbol-graph`) that have no doc
comment, and exits 1 when there is one: `make docs` requires every public symbol to be documented.

    scripts/undocumented-symbols.py <folder of Module.symbols.json and Module@Other.symbols.json>

Symbols the compiler made (synthesized, skipped by --skip-synthesized-members) are not in the graphs. A member
that implements a documented protocol requirement of the same module, or overrides a documented class member of
the same module, counts as documented (docc shows the requirement's comment there).

scripts/undocumented-allowed.txt lists the symbols that had no comment when this check came (issue 18), one
`Module kind path` a line: they are reported but do not fail it, so the list only shrinks. Document one and delete
its line; a symbol not on the list fails.
"""
import glob
import json
import os
import sys

folder = sys.argv[1]
symbols = {}
relationships = []
for path in sorted(glob.glob(os.path.join(folder, "*.symbols.json"))):
    graph = json.load(open(path, encoding="utf-8"))
    for symbol in graph.get("symbols", []):
        symbols.setdefault(symbol["identifier"]["precise"], symbol)
    relationships += graph.get("relationships", [])


def documented(symbol):
    lines = (symbol.get("docComment") or {}).get("lines") or []
    return any(line.get("text", "").strip() for line in lines)


# A requirement's or overridden member's comment stands for its implementations.
inherits = {}
for relationship in relationships:
    if relationship["kind"] in ("requirementOf", "defaultImplementationOf", "overrides"):
        inherits.setdefault(relationship["source"], []).append(relationship["target"])

missing = []
for precise, symbol in symbols.items():
    if symbol.get("accessLevel") not in ("public", "open") or documented(symbol):
        continue
    if any(target in symbols and documented(symbols[target]) for target in inherits.get(precise, [])):
        continue
    location = symbol.get("location") or {}
    uri = location.get("uri", "").replace("file://", "")
    line = location.get("position", {}).get("line", -1) + 1
    where = f"{os.path.relpath(uri)}:{line}" if uri else "?"
    missing.append((where, symbol["kind"]["displayName"], ".".join(symbol["pathComponents"])))

module = os.path.basename(os.path.normpath(folder))
allowed_file = os.path.join(os.path.dirname(os.path.abspath(__file__)), "undocumented-allowed.txt")
allowed = set()
if os.path.exists(allowed_file):
    allowed = {line.strip() for line in open(allowed_file, encoding="utf-8") if line.strip() and not line.startswith("#")}
if "--list" in sys.argv:
    for where, kind, name in sorted(missing):
        print(f"{module} {kind.lower().replace(' ', '-')} {name}")
    sys.exit(0)
new = [(w, k, n) for w, k, n in missing if f"{module} {k.lower().replace(' ', '-')} {n}" not in allowed]
for where, kind, name in sorted(new):
    print(f"{where}: undocumented public {kind.lower()} {name}")
old = len(missing) - len(new)
if new:
    print(f"error: {module}: {len(new)} public symbols have no doc comment (document them)", file=sys.stderr)
    sys.exit(1)
if old:
    print(f"{module}: {len(symbols)} public symbols; every one is documented but the {old} still listed in "
          f"scripts/undocumented-allowed.txt")
else:
    print(f"{module}: {len(symbols)} public symbols, every one documented")
