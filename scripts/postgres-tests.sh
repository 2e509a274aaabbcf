#!/bin/sh
# The PostgreSQL suites (every test whose name contains "PostgreSQL"), against one throwaway server for the whole
# run: scripts/postgres-server.sh starts it on a free local port in a temporary folder (installing Debian's
# postgresql when missing), OSD_POSTGRES_URL tells the suites where it is, and it is stopped and removed when this
# script ends, passing or failing. Arguments go to swift test (make test passes --skip-build).
#
#   scripts/postgres-tests.sh [swift test options]
set -eu
cd "$(dirname "$0")/.."
server_dir=$(mktemp -d "${TMPDIR:-/tmp}/osd-postgres-run.XXXXXX")
trap './scripts/postgres-server.sh stop "$server_dir" >/dev/null 2>&1 || true; rm -rf "$server_dir"' EXIT
trap 'exit 130' INT TERM
OSD_POSTGRES_URL=$(./scripts/postgres-server.sh start "$server_dir" | tail -n 1)
export OSD_POSTGRES_URL
echo "PostgreSQL suites against $OSD_POSTGRES_URL"
swift test --no-parallel "$@" --filter PostgreSQL
