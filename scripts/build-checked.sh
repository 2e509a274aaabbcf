#!/bin/sh
# Runs a build command (`scripts/build-checked.sh swift build --build-tests`), keeps its output in
# .build/build-warnings.log, and fails when the compiler warned about one of the project's own files (Sources/,
# Tests/, Examples/): the project builds without warnings in Swift 6 mode, and this catches a new one in the build
# `make test` does anyway, with no second build. Only files compiled in this run are seen: a fresh clone (CI)
# compiles them all.
set -e
cd "$(dirname "$0")/.."
mkdir -p .build
log=.build/build-warnings.log
{ status=0; "$@" 2>&1 || status=$?; echo "$status" >"$log.status"; } | tee "$log.out"
status="$(cat "$log.status")"
root="$(pwd)"
grep -E "^($root/)?(Sources|Tests|Examples)/[^:]*:[0-9]+:[0-9]+: warning:" "$log.out" | grep -v "/.build/" | sort -u >"$log" || true
rm -f "$log.out" "$log.status"
[ "$status" -eq 0 ] || exit "$status"
if [ -s "$log" ]; then
    echo "error: the build warned about the project's own files ($(wc -l <"$log") warnings, listed in $log):" >&2
    cat "$log" >&2
    exit 1
fi
