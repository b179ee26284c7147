-- wrk script: POSTs a list of bodies in turn, each thread starting at a different one.
--
--   wrk -s cycle-bodies.lua http://127.0.0.1:8080/v1/inspect -- LIST
--
-- LIST names one body file a line (`scripts/load-gateway.sh` writes it from Corpus/). Every request
-- carries `Content-Type: application/json`. At the end it prints one line a script can read:
--   RESULT requests=… duration_us=… rps=… p50_us=… p90_us=… p99_us=… max_us=… errors=… non2xx=… bytes=…

local requests = {}
local index = 1
local counter = 0
local threads = {}

function setup(thread)
    counter = counter + 1
    thread:set("offset", counter)
    table.insert(threads, thread)
end

function init(args)
    local list = args[1]
    if list == nil then
        error("usage: wrk -s cycle-bodies.lua URL -- LIST")
    end
    local path = wrk.path
    for name in io.lines(list) do
        local file = assert(io.open(name, "rb"))
        local body = file:read("*a")
        file:close()
        local headers = { ["Content-Type"] = "application/json" }
        table.insert(requests, wrk.format("POST", path, headers, body))
    end
    if #requests == 0 then
        error("no bodies in " .. list)
    end
    index = ((offset or 1) * 7) % #requests + 1
end

function request()
    local r = requests[index]
    index = index + 1
    if index > #requests then
        index = 1
    end
    return r
end

function done(summary, latency, _)
    local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
    io.write(string.format(
        "RESULT requests=%d duration_us=%d rps=%.1f p50_us=%d p90_us=%d p99_us=%d max_us=%d errors=%d non2xx=%d bytes=%d\n",
        summary.requests,
        summary.duration,
        summary.requests / (summary.duration / 1e6),
        latency:percentile(50),
        latency:percentile(90),
        latency:percentile(99),
        latency.max,
        errors,
        summary.errors.status,
        summary.bytes
    ))
end
