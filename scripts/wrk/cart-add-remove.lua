-- wrk script: each request is a pipelined pair on one connection,
--   POST {cart} {"productID":N}  then  DELETE {cart}/N
-- so the pair always succeeds (201 then 204) and the cart ends as it began.
-- Products 101...194 are split between wrk's threads so no two threads
-- touch the same product; the cart is expected to hold products 1...100.
-- Arguments after `--`: wrk's thread count (default 2) and the cart's API
-- path (default /api/shop/cart; /api/shop/corecart for the Core Data cart):
--   wrk -t2 ... -s cart-add-remove.lua URL -- 2 /api/shop/corecart
-- then, when several wrk processes load one cart at once (two servers on
-- one database), this process's share and the number of shares: share 0
-- of 2 takes the first half of the products, share 1 the second:
--   wrk -t2 ... -s cart-add-remove.lua URL -- 2 /api/shop/cart 1 2
-- Every response's status is counted; done() prints the counts and fails
-- the run's report with "unexpected" for any status but 201, 204, 409, 404
-- (409 and 404 are what a pair cut by the end of a previous run leaves).
local threads = {}

function setup(thread)
  thread:set("thread_index", #threads)
  table.insert(threads, thread)
end

function init(args)
  local thread_count = tonumber(args[1]) or 2
  cart_path = args[2] or "/api/shop/cart"
  local share = tonumber(args[3]) or 0
  local shares = tonumber(args[4]) or 1
  per_thread = math.floor(94 / (thread_count * shares))
  first = 101 + (share * thread_count + thread_index) * per_thread
  next_offset = 0
  statuses = {}
end

function request()
  local product = first + next_offset
  next_offset = (next_offset + 1) % per_thread
  local body = string.format('{"productID":%d}', product)
  local add = wrk.format("POST", cart_path,
    { ["Content-Type"] = "application/json" }, body)
  local remove = wrk.format("DELETE", cart_path .. "/" .. product)
  return add .. remove
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

local expected = { [201] = true, [204] = true, [409] = true, [404] = true }

function done(summary, latency, requests)
  local totals = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses") or {}) do
      totals[status] = (totals[status] or 0) + count
    end
  end
  local unexpected = 0
  local parts = {}
  for status, count in pairs(totals) do
    table.insert(parts, string.format("%d: %d", status, count))
    if not expected[status] then unexpected = unexpected + count end
  end
  table.sort(parts)
  print("statuses: " .. table.concat(parts, ", "))
  print(string.format("unexpected statuses: %d; socket errors: connect %d, read %d, write %d, timeout %d",
    unexpected, summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout))
end
