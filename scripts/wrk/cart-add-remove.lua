-- wrk script: each request is a pipelined pair on one connection,
--   POST /api/shop/cart {"productID":N}  then  DELETE /api/shop/cart/N
-- so the pair always succeeds (201 then 204) and the cart ends as it began.
-- Products 101...194 are split between wrk's threads so no two threads
-- touch the same product; the cart is expected to hold products 1...100.
local threads = {}

function setup(thread)
  thread:set("thread_index", #threads)
  table.insert(threads, thread)
end

-- Pass wrk's thread count after `--` (default 2): wrk -t2 ... -- 2
function init(args)
  local thread_count = tonumber(args[1]) or 2
  per_thread = math.floor(94 / thread_count)
  first = 101 + thread_index * per_thread
  next_offset = 0
end

function request()
  local product = first + next_offset
  next_offset = (next_offset + 1) % per_thread
  local body = string.format('{"productID":%d}', product)
  local add = wrk.format("POST", "/api/shop/cart",
    { ["Content-Type"] = "application/json" }, body)
  local remove = wrk.format("DELETE", "/api/shop/cart/" .. product)
  return add .. remove
end
