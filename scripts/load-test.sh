#!/bin/sh
# Load test of the showcase with wrk (issue 5, part 3): starts a release showcase on a fresh store, puts products
# 1...100 in the cart, then runs wrk (2 threads x 50 connections x 10 s) against
#   GET /api/shop/cart (100 items), GET /shop?id=1, and pipelined POST/DELETE pairs (scripts/wrk/cart-add-remove.lua).
# Usage: scripts/load-test.sh [port]   (needs wrk: apt-get install wrk)
set -eu
cd "$(dirname "$0")/.."
port="${1:-8097}"
command -v wrk >/dev/null || { echo "wrk is not installed: sudo apt-get install wrk" >&2; exit 1; }
swift build -c release --product showcase >/dev/null
data_dir="$(mktemp -d)"
.build/release/showcase --port "$port" --data-dir "$data_dir" >"$data_dir/showcase.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data_dir"' EXIT INT TERM
base="http://127.0.0.1:$port"
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
  curl -s -o /dev/null "$base/" && break
  sleep 0.25
done
for id in $(seq 1 100); do
  curl -s -o /dev/null -X POST -H 'Content-Type: application/json' -d "{\"productID\":$id}" "$base/api/shop/cart"
done
echo "== GET /api/shop/cart (100 items)"
wrk -t2 -c50 -d10s --latency "$base/api/shop/cart"
echo "== GET /shop?id=1"
wrk -t2 -c50 -d10s --latency "$base/shop?id=1"
echo "== POST + DELETE pairs (pipelined on each connection)"
wrk -t2 -c50 -d10s --latency -s scripts/wrk/cart-add-remove.lua "$base" -- 2
