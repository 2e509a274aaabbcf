#!/bin/sh
# Instructions per cart request (issue 16): runs a release showcase under valgrind's callgrind on a fresh store, puts
# products 1...100 in the cart, sends 200 POST+DELETE pairs to warm up, zeroes the counters, sends N more pairs
# (default 2000) one after another on one keep-alive connection, and dumps the counts. Prints the totals a pair:
# the whole process, the request path (libmicrohttpd's threads) and the main actor's reads of the cart.
# Usage: scripts/load-test-callgrind.sh [pairs] [port]   (needs valgrind, gcc, python3, curl)
set -eu
cd "$(dirname "$0")/.."
case "${1:-}" in -h|--help) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
pairs="${1:-2000}"
port="${2:-8098}"
swift build -c release --product showcase >/dev/null
work="$(mktemp -d)"
# valgrind 3.19 writes into the mask given to rt_sigsuspend, and libdispatch's dispatchMain (the async main's wait)
# passes a read-only one: the server would die at start. The shim hands the kernel a writable copy.
cat >"$work/shim.c" <<'C'
#define _GNU_SOURCE
#include <signal.h>
#include <unistd.h>
#include <sys/syscall.h>
int sigsuspend(const sigset_t *mask) { sigset_t copy = *mask; return (int)syscall(SYS_rt_sigsuspend, &copy, 8); }
C
gcc -shared -fPIC -O2 -o "$work/shim.so" "$work/shim.c"
cat >"$work/pairs.py" <<'PY'
import http.client, json, sys
port, n = int(sys.argv[1]), int(sys.argv[2])
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
unexpected = 0
for i in range(n):
    product = 101 + i % 94
    connection.request("POST", "/api/shop/cart", body=json.dumps({"productID": product}),
                       headers={"Content-Type": "application/json"})
    response = connection.getresponse(); response.read()
    unexpected += response.status != 201
    connection.request("DELETE", f"/api/shop/cart/{product}")
    response = connection.getresponse(); response.read()
    unexpected += response.status != 204
print(f"{n} pairs, {unexpected} unexpected statuses")
PY
mkdir "$work/data"
LD_PRELOAD="$work/shim.so" valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
  .build/release/showcase --port "$port" --data-dir "$work/data" >"$work/showcase.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT INT TERM
base="http://127.0.0.1:$port"
for _ in $(seq 1 600); do curl -s -o /dev/null "$base/" && break; sleep 0.5; done
for id in $(seq 1 100); do
  curl -s -o /dev/null -X POST -H 'Content-Type: application/json' -d "{\"productID\":$id}" "$base/api/shop/cart"
done
python3 "$work/pairs.py" "$port" 200 >/dev/null
callgrind_control -z $server >/dev/null 2>&1
python3 "$work/pairs.py" "$port" "$pairs"
callgrind_control -d $server >/dev/null 2>&1
sleep 1
dump="$(ls "$work"/cg.out.* | head -1)"
callgrind_annotate --inclusive=yes "$dump" | awk -v n="$pairs" '
  /PROGRAM TOTALS/ { gsub(",", "", $1); printf "whole process: %d instructions a pair\n", $1 / n }
  /:0x0000000000017cf0 \[.*libmicrohttpd/ && !seen++ { gsub(",", "", $1); printf "request path (libmicrohttpd threads): %d a pair\n", $1 / n }
  /ResultsObserverC7refreshyyF \[/ && !r++ { gsub(",", "", $1); printf "main actor reading the cart again: %d a pair\n", $1 / n }'
