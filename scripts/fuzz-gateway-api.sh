#!/usr/bin/env bash
# Fuzzes the example gateway's HTTP API from its OpenAPI document (Examples/PushGateway/OpenAPI/openapi.json) with
# schemathesis, against a live gateway on 127.0.0.1, bounded in examples and time: no 5xx, no status, content type,
# header or body the document does not allow, and the gateway still serving at the end (no crash).
#
#   scripts/fuzz-gateway-api.sh [max-examples-per-operation] [max-seconds]
#
# schemathesis comes from PyPI into a virtual environment of its own (.build-schemathesis/, ignored by git); the
# gateway must be built first (`swift build --package-path Examples/PushGateway`).
set -euo pipefail
cd "$(dirname "$0")/.."

examples="${1:-40}"
seconds="${2:-120}"
version="4.32.5"
venv=".build-schemathesis/venv"
if ! "$venv/bin/schemathesis" --version 2>/dev/null | grep -q "$version"; then
    echo "fuzz-gateway-api: installing schemathesis $version from PyPI into $venv" >&2
    if ! python3 -m venv "$venv" 2>/dev/null; then
        # Debian and Ubuntu ship venv apart from Python.
        if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
        $sudo apt-get update -qq && $sudo apt-get install -y -qq python3-venv >/dev/null
        rm -rf "$venv"
        python3 -m venv "$venv"
    fi
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version"
fi

python3 Examples/PushGateway/OpenAPI/make-openapi.py --check

gateway="$(swift build --package-path Examples/PushGateway --show-bin-path)/push-gateway"
log=$(mktemp)
"$gateway" --port 0 --log-level info >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; rm -f "$log"' EXIT
port=""
for _ in $(seq 1 100); do
    port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log" | head -n 1)
    [ -n "$port" ] && break
    sleep 0.1
done
if [ -z "$port" ]; then
    cat "$log" >&2
    echo "fuzz-gateway-api: the gateway did not start" >&2
    exit 1
fi

report=".build-schemathesis/report"
mkdir -p "$report"
PYTHONPATH=Examples/PushGateway/OpenAPI SCHEMATHESIS_HOOKS=schemathesis_hooks \
    "$venv/bin/schemathesis" run Examples/PushGateway/OpenAPI/openapi.json \
    --url "http://127.0.0.1:$port" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
    --max-examples "$examples" --max-time "$seconds" --seed 37 --request-timeout 10 --generation-database none \
    --no-color --report junit --report-dir "$report"

if ! kill -0 "$pid" 2>/dev/null; then
    cat "$log" >&2
    echo "fuzz-gateway-api: the gateway is no longer running" >&2
    exit 1
fi
curl_answer=$(exec 3<>"/dev/tcp/127.0.0.1/$port"; printf 'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n' >&3; cat <&3)
case "$curl_answer" in
    "HTTP/1.1 200"*) ;;
    *) echo "fuzz-gateway-api: the gateway no longer answers /health: $curl_answer" >&2; exit 1 ;;
esac
