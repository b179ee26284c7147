#!/usr/bin/env bash
# Heap allocations per request in the release gateway, counted by a small malloc interposer
# (malloc-counter.c, preloaded): for /v1/echo (the framework alone) and /v1/inspect with and without
# the parser pool. Each configuration is run twice, sending every body FEW and then MANY times over one
# keep-alive connection; the difference divided by the difference in requests is what one request
# costs on average over the bodies once the process is warm, whatever start-up and shutdown allocate.
#
#   Examples/PushGateway/Load/count-allocations.sh      # after scripts/load-gateway.sh wrote the bodies
#   FEW=2 MANY=12 Examples/PushGateway/Load/count-allocations.sh
#
# Nearly deterministic: it counts calls, not time, so the machine's load does not matter; what varies
# from run to run is the framework's batching of reads and writes (a few allocations in a thousand).
set -euo pipefail
cd "$(dirname "$0")/../../.."

FEW=${FEW:-3}
MANY=${MANY:-33}
PORT=${PORT:-18090}
package=Examples/PushGateway
out=$package/.build-load
gateway=${PUSH_GATEWAY:-$package/.build/release/push-gateway}
mkdir -p "$out"
gcc -O2 -shared -fPIC -o "$out/malloc-counter.so" $package/Load/malloc-counter.c
[ -s "$out/bodies.txt" ] || { echo "count-allocations.sh: run scripts/load-gateway.sh first (it writes $out/bodies.txt)" >&2; exit 1; }
bodies=$(wc -l <"$out/bodies.txt")

count() { # route requests gateway-args… → prints allocations and bytes
    local route=$1 requests=$2
    shift 2
    rm -f "$out/malloc-count.txt"
    LD_PRELOAD="$PWD/$out/malloc-counter.so" MALLOC_COUNTER_OUTPUT="$out/malloc-count.txt" \
        "$gateway" --port "$PORT" --log-level warning "$@" &
    local pid=$!
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.1; done
    python3 $package/Load/send-requests.py "http://127.0.0.1:$PORT/v1/$route" "$out/bodies.txt" "$requests"
    kill -TERM "$pid"
    wait "$pid"
    cat "$out/malloc-count.txt"
}

printf '%-28s %14s %14s\n' "configuration" "allocations" "bytes"
for configuration in "echo" "inspect" "inspect --parser-pool-size 0"; do
    set -- $configuration
    route=$1
    shift
    read -r few_blocks few_bytes < <(count "$route" $((FEW * bodies)) "$@")
    read -r many_blocks many_bytes < <(count "$route" $((MANY * bodies)) "$@")
    n=$(((MANY - FEW) * bodies))
    awk -v name="$configuration" -v b1="$few_blocks" -v b2="$many_blocks" -v y1="$few_bytes" -v y2="$many_bytes" -v n="$n" \
        'BEGIN { printf "%-28s %14.1f %14.0f   per request\n", name, (b2 - b1) / n, (y2 - y1) / n }'
done
