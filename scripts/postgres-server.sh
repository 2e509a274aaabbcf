#!/bin/bash
# A throwaway PostgreSQL server for tests, from Debian's `postgresql` package (installed with apt-get if missing).
#
#   scripts/postgres-server.sh start <dir>   initdb + pg_ctl start -w; prints the URL and writes it to <dir>/url
#   scripts/postgres-server.sh stop <dir>    stops the server and removes its data (and <dir>, if left empty)
#
# The server listens on 127.0.0.1 only, on a free port the script picks, with its Unix socket inside its own data
# directory and trust authentication (it holds nothing but test data, and lives as long as one test run). initdb
# refuses to run as root, so as root the cluster belongs to the `postgres` user Debian's package creates (or
# `nobody`); its data directory is then a folder of its own, because <dir> may be private to root. `start` on a
# running server prints its URL again; `stop` on a stopped one does nothing.
set -eu

usage() { echo "usage: $0 start|stop <dir>" >&2; exit 2; }
[ $# -eq 2 ] || usage
command=$1
dir=$2

find_bin() {
    for candidate in ${POSTGRES_BIN:-} /usr/lib/postgresql/*/bin; do
        [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ] && { echo "$candidate"; return 0; }
    done
    return 1
}

install_postgres() {
    echo "Installing Debian package: postgresql" >&2
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >&2
}

# Runs "$@" as the cluster's owner.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u "$owner" -- "$@"
    else
        "$@"
    fi
}

# The server outlives this script, so it must not hold the caller's descriptors: a pipe or socket it inherited
# would keep the caller waiting for an end of file (Foundation's Process waits for one to see that a child exited).
close_inherited_descriptors() {
    local fd
    for fd in $(ls "/proc/$BASHPID/fd" 2>/dev/null); do
        [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null
    done
    return 0
}

free_port() {
    if command -v python3 >/dev/null 2>&1; then
        python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
    else
        echo $((20000 + $(od -An -N2 -tu2 /dev/urandom) % 40000))
    fi
}

case "$command" in
start)
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [ -f "$dir/data-path" ] && [ -f "$dir/url" ]; then
        bin=$(find_bin) || true
        data=$(cat "$dir/data-path")
        owner=$(cat "$dir/owner")
        if [ -n "$bin" ] && as_owner "$bin/pg_ctl" status -D "$data" >/dev/null 2>&1; then
            cat "$dir/url"
            exit 0
        fi
    fi
    bin=$(find_bin) || { install_postgres; bin=$(find_bin) || { echo "postgres-server.sh: no PostgreSQL binaries in /usr/lib/postgresql/*/bin after installing postgresql" >&2; exit 1; }; }
    if [ "$(id -u)" -eq 0 ]; then
        if id postgres >/dev/null 2>&1; then owner=postgres; else owner=nobody; fi
    else
        owner=$(id -un)
    fi
    data=$(mktemp -d "${TMPDIR:-/tmp}/osd-postgres.XXXXXX")
    [ "$(id -u)" -eq 0 ] && chown "$owner" "$data"
    chmod 700 "$data"
    echo "$data" >"$dir/data-path"
    echo "$owner" >"$dir/owner"
    # The superuser is named after whoever starts the server, so the URL's user is the caller's own name.
    user=$(id -un)
    as_owner "$bin/initdb" -D "$data" -U "$user" --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$data.initdb.log" 2>&1 || {
        cat "$data.initdb.log" >&2; rm -f "$data.initdb.log"; exit 1; }
    rm -f "$data.initdb.log"
    # Another process may take the port between choosing and binding it: try a few.
    attempt=0
    while :; do
        attempt=$((attempt + 1))
        port=$(free_port)
        if (close_inherited_descriptors; exec </dev/null >/dev/null 2>&1; as_owner "$bin/pg_ctl" start -w -s -D "$data" -l "$data/server.log" \
            -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$data -c fsync=off"); then
            break
        fi
        if [ $attempt -ge 5 ]; then
            echo "postgres-server.sh: the server did not start; its log:" >&2
            cat "$data/server.log" >&2 || true
            exit 1
        fi
    done
    echo "postgres://$user@127.0.0.1:$port/postgres" >"$dir/url"
    echo "$port" >"$dir/port"
    echo "$data" >"$dir/socket-directory"
    cat "$dir/url"
    ;;
stop)
    [ -f "$dir/data-path" ] || exit 0
    data=$(cat "$dir/data-path")
    owner=$(cat "$dir/owner" 2>/dev/null || id -un)
    if bin=$(find_bin) && [ -d "$data" ]; then
        as_owner "$bin/pg_ctl" stop -w -s -m immediate -D "$data" >/dev/null 2>&1 || true
    fi
    case "$data" in
    */osd-postgres.*) rm -rf "$data" ;;
    esac
    rm -f "$dir/data-path" "$dir/owner" "$dir/url" "$dir/port" "$dir/socket-directory"
    rmdir "$dir" 2>/dev/null || true # the folder `start` made, unless something else was put in it
    ;;
*) usage ;;
esac
