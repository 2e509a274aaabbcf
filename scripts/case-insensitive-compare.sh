#!/bin/sh
# The differential behind PostgreSQL's osd_case_insensitive_compare (Sources/PostgreSQLStore/
# PostgreSQLFunctions+CaseInsensitiveCompare.swift): seeded NFC string pairs with Foundation's
# caseInsensitiveCompare answer (generators in scripts/case-insensitive-compare/), compared on a throwaway
# PostgreSQL server (scripts/postgres-server.sh) with the function as the store creates it. Exits 1 on any
# disagreement and lists the first 30.
#
#   scripts/case-insensitive-compare.sh [MODE...]   (make case-insensitive-compare; about half a minute)
#
# MODE: SEED:COUNT (general text), SEED:COUNT:hard (every grapheme extender, supplementary characters, jamo),
# SEED:COUNT:smp (supplementary bases and marks), chars (every assigned code point above U+007F, 5 pairs each),
# zalgo:COUNT (clusters of 20-140 marks). Default: all of them, 912,000 pairs.
set -eu
cd "$(dirname "$0")/.."
export PGOPTIONS="-c client_min_messages=warning"
[ $# -gt 0 ] || set -- 1:20000 2:20000 11:20000:hard 12:20000:hard 33:30000:smp chars zalgo:3000
work=$(mktemp -d "${TMPDIR:-/tmp}/osd-cic.XXXXXX")
root=$(pwd)
# Absolute, since the comparisons run inside "$work".
trap '"$root/scripts/postgres-server.sh" stop "$work/server" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
mkdir "$work/server"
url=$(./scripts/postgres-server.sh start "$work/server" | tail -n 1)
# The function's statements, as the Swift source spells them (each """ string with its indentation removed).
python3 - Sources/PostgreSQLStore/PostgreSQLFunctions+CaseInsensitiveCompare.swift >"$work/functions.sql" <<'PY'
import re, sys
source = open(sys.argv[1]).read()
for match in re.finditer(r'#?"""\n(.*?)\n( *)"""#?', source, re.S):
    indent = len(match.group(2))
    print('\n'.join(line[indent:] for line in match.group(1).split('\n')) + ';\n')
PY
psql "$url" -q -v ON_ERROR_STOP=1 -f "$work/functions.sql"
cp scripts/case-insensitive-compare/ge_ranges.txt scripts/case-insensitive-compare/diff.sql "$work/"
for tool in gen zalgo; do swiftc -O "scripts/case-insensitive-compare/$tool.swift" -o "$work/$tool"; done
cd "$work"
failed=0
for mode in "$@"; do
    case $mode in
        chars) ./gen 7 0 chars >pairs.txt ;;
        zalgo:*) ./zalgo "${mode#zalgo:}" >pairs.txt ;;
        *:*:*) ./gen "$(echo "$mode" | cut -d: -f1)" "$(echo "$mode" | cut -d: -f2)" "$(echo "$mode" | cut -d: -f3)" >pairs.txt ;;
        *:*) ./gen "${mode%%:*}" "${mode#*:}" >pairs.txt ;;
        *) echo "unknown mode: $mode" >&2; exit 2 ;;
    esac
    result=$(psql "$url" -q -At -v ON_ERROR_STOP=1 -f diff.sql)
    counts=$(echo "$result" | grep -E '^[0-9]+\|[0-9]+$' | head -n 1)
    printf '%-16s %s pairs, %s disagreements\n' "$mode" "${counts%|*}" "${counts#*|}"
    if [ "${counts#*|}" != 0 ]; then failed=1; echo "$result" | grep -vE '^[0-9]+\|[0-9]+$' | grep -v '^Time' | head -n 30; fi
done
exit $failed
