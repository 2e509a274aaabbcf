#!/bin/sh
# Load test of the showcase with wrk (issues 5 and 16): starts a release showcase on a fresh store, puts products
# 1...100 in the cart, then runs wrk (2 threads x 50 connections x 10 s) against
#   GET /api/shop/cart (100 items), GET /shop?id=1, and pipelined POST/DELETE pairs (scripts/wrk/cart-add-remove.lua,
#   which counts every response's status and reports any but 201/204/409/404).
# With --corecart it does the same for the Core Data cart (/api/shop/corecart) afterwards.
# Each run's heading gives the machine's load average as it starts (the figures mean little above 2 on 2 cores).
# Usage: scripts/load-test.sh [--corecart] [port]   (installs wrk with apt-get when it is missing)
set -eu
cd "$(dirname "$0")/.."
corecart=no
case "${1:-}" in
  -h|--help)
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit 0 ;;
  --corecart) corecart=yes; shift ;;
esac
port="${1:-8097}"
if ! command -v wrk >/dev/null; then
  echo "Installing wrk" >&2
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wrk
fi
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

# Fills `$1` (a cart's API path) with products 1...100, then loads it: GET, then add/remove pairs.
load_cart() {
  for id in $(seq 1 100); do
    curl -s -o /dev/null -X POST -H 'Content-Type: application/json' -d "{\"productID\":$id}" "$base$1"
  done
  echo "== GET $1 (100 items); load average $(cut -d' ' -f1-3 /proc/loadavg)"
  wrk -t2 -c50 -d10s --latency "$base$1"
  # A pause between runs: the server counts a run's connections until it has seen them close, and 50 more from the
  # same address before that would pass its per-address limit (64) and be answered 503.
  sleep 1
  if [ "$1" = /api/shop/cart ]; then
    echo "== GET /shop?id=1"
    wrk -t2 -c50 -d10s --latency "$base/shop?id=1"
    sleep 1
  fi
  echo "== POST $1 + DELETE $1/{id} pairs (pipelined on each connection); load average $(cut -d' ' -f1-3 /proc/loadavg)"
  wrk -t2 -c50 -d10s --latency -s scripts/wrk/cart-add-remove.lua "$base" -- 2 "$1"
}

load_cart /api/shop/cart
if [ "$corecart" = yes ]; then sleep 1; load_cart /api/shop/corecart; fi
