#!/bin/sh
# `make docs`: the DocC site of each documented module, with the toolchain's own docc (no plugin package).
#
# 1. `swift package dump-symbol-graph` builds the package (the same debug build `swift build` does) and extracts
#    each module's public symbols with their doc comments.
# 2. `docc convert` turns each catalog (Sources/<Module>/<Module>.docc: the root page and the articles) and its
#    module's symbol graphs into a static site in .build/docs/<Module>, to be served at /docs/<Module>/ (the
#    showcase does). docc's warnings are errors.
# 3. scripts/undocumented-symbols.py lists every public symbol without a doc comment; one is an error.
set -e
cd "$(dirname "$0")/.."
modules="${DOCS_MODULES:-OpenSwiftData OpenCoreData}"
out=.build/docs
graphs=.build/docs-symbol-graphs
# It exits non-zero when the test targets were never built (it cannot load their discovery modules) though it wrote
# every library module's graph: so its status is not trusted, the graphs the docs need are checked below instead.
rm -rf .build/*/symbolgraph   # no graph of an earlier build can stand in for one this build failed to write
dump="$(swift package dump-symbol-graph --skip-synthesized-members 2>&1)" || true
# The last line names the folder: "Files written to <folder>".
folder="$(printf '%s\n' "$dump" | sed -n 's/^Files written to //p' | tail -n 1)"
[ -d "$folder" ] || { echo "$dump"; echo "error: dump-symbol-graph named no folder" >&2; exit 1; }
rm -rf "$graphs" "$out"
mkdir -p "$out"
status=0
for module in $modules; do
    mkdir -p "$graphs/$module"
    [ -f "$folder/$module.symbols.json" ] || {
        echo "$dump"
        echo "error: dump-symbol-graph wrote no symbol graph for $module" >&2
        exit 1
    }
    cp "$folder/$module.symbols.json" "$graphs/$module/"
    for extension in "$folder/$module@"*.symbols.json; do
        [ -e "$extension" ] && cp "$extension" "$graphs/$module/"
    done
    docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$graphs/$module" \
        --output-path "$out/$module" \
        --transform-for-static-hosting --hosting-base-path "docs/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.openswiftdata.$module" \
        --warnings-as-errors || status=1
    # docc's pages set the site's base path in an inline <script>, which the showcase's Content-Security-Policy
    # (script-src 'self') refuses: the same statement goes in a file of the site, loaded in its place.
    [ -d "$out/$module" ] && python3 - "$out/$module" "/docs/$module/" <<'PYTHON'
import pathlib, sys
site, base = pathlib.Path(sys.argv[1]), sys.argv[2]
inline = f'<script>var baseUrl = "{base}"</script>'
(site / "js").mkdir(exist_ok=True)
(site / "js" / "base-url.js").write_text(f'var baseUrl = "{base}";\n', encoding="utf-8")
for page in site.rglob("*.html"):
    text = page.read_text(encoding="utf-8")
    if inline in text:
        page.write_text(text.replace(inline, f'<script src="{base}js/base-url.js"></script>'), encoding="utf-8")
    elif "<script>" in text:
        sys.exit(f"error: {page} has an inline script this step does not know; the showcase's CSP would refuse it")
PYTHON
    python3 scripts/undocumented-symbols.py "$graphs/$module" || status=1
done
[ "$status" -eq 0 ] || { echo "error: the documentation has problems (above)" >&2; exit 1; }
echo "Documentation: $out/<module>/, served by the showcase at /docs (make run)"
