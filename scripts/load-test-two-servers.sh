#!/bin/sh
# Load test of two showcase processes on one PostgreSQL database (issue 17), as two app servers behind a load
# balancer: starts a throwaway PostgreSQL server (scripts/postgres-server.sh), two release showcases with
# `--database` on ports PORT and PORT+1, puts products 1...100 in the cart through the first and checks that the
# second serves the same 100, then runs wrk on both servers at once (2 threads x 50 connections x 10 s each):
#   GET /api/shop/cart (100 items), then pipelined POST/DELETE pairs (scripts/wrk/cart-add-remove.lua, each
#   server's wrk on its own half of products 101...194, counting every status and reporting any but 201/204/409/404).
# Prints each server's requests/s, latency percentiles (p99) and errors, and the load average before and after.
# Usage: scripts/load-test-two-servers.sh [port]   (default 8097; installs wrk with apt-get when it is missing)
set -eu
cd "$(dirname "$0")/.."
port_a="${1:-8097}"
port_b=$((port_a + 1))
if ! command -v wrk >/dev/null; then
  echo "Installing wrk" >&2
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wrk
fi
swift build -c release --product showcase >/dev/null
work="$(mktemp -d)"
server_a=""
server_b=""
cleanup() {
  [ -n "$server_a" ] && kill "$server_a" 2>/dev/null && wait "$server_a" 2>/dev/null
  [ -n "$server_b" ] && kill "$server_b" 2>/dev/null && wait "$server_b" 2>/dev/null
  ./scripts/postgres-server.sh stop "$work/postgres" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
database=$(./scripts/postgres-server.sh start "$work/postgres" | tail -n 1)
mkdir -p "$work/a" "$work/b"
.build/release/showcase --port "$port_a" --data-dir "$work/a" --database "$database" >"$work/a.log" 2>&1 &
server_a=$!
.build/release/showcase --port "$port_b" --data-dir "$work/b" --database "$database" >"$work/b.log" 2>&1 &
server_b=$!
a="http://127.0.0.1:$port_a"
b="http://127.0.0.1:$port_b"
for base in "$a" "$b"; do
  up=no
  for _ in $(seq 1 120); do
    if curl -s -o /dev/null "$base/"; then up=yes; break; fi
    sleep 0.25
  done
  if [ "$up" = no ]; then
    echo "a showcase did not start; its logs:" >&2
    cat "$work/a.log" "$work/b.log" >&2
    exit 1
  fi
done

for id in $(seq 1 100); do
  curl -s -o /dev/null -X POST -H 'Content-Type: application/json' -d "{\"productID\":$id}" "$a/api/shop/cart"
done
seen=$(curl -s "$b/api/shop/cart" | grep -o '"productID"' | wc -l)
echo "== the second server serves $seen of the 100 items the first one added"
[ "$seen" -eq 100 ] || { echo "expected 100" >&2; exit 1; }

# wrk on both servers' cart at once; both reports.
both_get() {
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  wrk -t2 -c50 -d10s --latency "$a/api/shop/cart" >"$work/wrk-a.txt" 2>&1 &
  first=$!
  wrk -t2 -c50 -d10s --latency "$b/api/shop/cart" >"$work/wrk-b.txt" 2>&1 &
  second=$!
  wait "$first" "$second" || true
  echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "-- server 1 ($a)"; cat "$work/wrk-a.txt"
  echo "-- server 2 ($b)"; cat "$work/wrk-b.txt"
}
echo "== GET /api/shop/cart (100 items) on both servers at once"
both_get
# A pause between runs: each server counts a run's connections until it has seen them close (per-address limit 64).
sleep 1
echo "== POST /api/shop/cart + DELETE /api/shop/cart/{id} pairs on both servers at once (each on its own products)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
wrk -t2 -c50 -d10s --latency -s scripts/wrk/cart-add-remove.lua "$a" -- 2 /api/shop/cart 0 2 >"$work/wrk-a.txt" 2>&1 &
first=$!
wrk -t2 -c50 -d10s --latency -s scripts/wrk/cart-add-remove.lua "$b" -- 2 /api/shop/cart 1 2 >"$work/wrk-b.txt" 2>&1 &
second=$!
wait "$first" "$second" || true
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
echo "-- server 1 ($a)"; cat "$work/wrk-a.txt"
echo "-- server 2 ($b)"; cat "$work/wrk-b.txt"
left_a=$(curl -s "$a/api/shop/cart" | grep -o '"productID"' | wc -l)
left_b=$(curl -s "$b/api/shop/cart" | grep -o '"productID"' | wc -l)
echo "== afterwards the cart holds $left_a items on server 1 and $left_b on server 2 (100 expected on both)"
