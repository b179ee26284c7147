#!/usr/bin/env bash
# Checks the Spark package (Spark/: the push_payloads data source and classify_payloads) over Spark Connect:
# starts a local Spark Connect server (local[2], loopback), runs both paths over the inputs, compares their
# records with a local `push-payloads classify` run byte for byte after sorting by (source, line), and
# measures the data source's throughput beside the local `classify --jobs 2`. The server is stopped
# whatever happens. Exits 0 only when every record is equal; the last line has the counts and the ratio.
#
#   scripts/spark-connect-check.sh                   # Corpus/, an edge set, a 24 MB capture, log records
#   scripts/spark-connect-check.sh capture/ x.jsonl  # these inputs instead (both paths; throughput still)
#   MEGABYTES=0 scripts/spark-connect-check.sh       # no throughput run (default: a 200 MB capture)
#   PUSH_PAYLOADS=path/to/push-payloads ...          # this binary instead of building one
#
# Installs what it needs: Java 17 (apt-get, when `java` is missing) and, in a virtual environment in
# .build-spark/venv, pyspark[connect] 4.3.0 with pandas below 3, pytest and the package itself. Builds
# push-payloads in release with --static-swift-stdlib and the Zstd trait (.build-spark-release) and checks
# with ldd that it links no Swift library. On the 2-core machine: see docs/scale.md for the time it takes.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

WORK=${WORK:-.build-spark}
MEGABYTES=${MEGABYTES:-200}
mkdir -p "$WORK/logs"

step() { echo "== $* ($((SECONDS - started)) s)" >&2; }

# Java 17 or later: on the machine image; installed when missing.
if ! command -v java >/dev/null; then
    step "installing Java 17 (apt-get install openjdk-17-jre-headless)"
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo=sudo
    $sudo apt-get update -qq && $sudo apt-get install -y -qq openjdk-17-jre-headless >/dev/null
fi
java_major=$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1)
if [ "${java_major:-0}" -lt 17 ]; then
    echo "spark-connect-check: Spark 4 needs Java 17 or later; java -version says ${java_major:-nothing}" >&2
    exit 1
fi

# Python: Spark with its Connect client, pytest, and the package, in a virtual environment of their own.
PYTHON=$WORK/venv/bin/python
if ! "$PYTHON" -c "import pyspark, pytest, pyarrow; assert pyspark.__version__ == '4.3.0'" 2>/dev/null; then
    step "installing pyspark[connect] 4.3.0 into $WORK/venv (a 456 MB download)"
    python3 -m venv "$WORK/venv"
    "$PYTHON" -m pip install --quiet 'pyspark[connect]==4.3.0' 'pandas<3' pytest
fi
"$PYTHON" -m pip install --quiet --no-deps --force-reinstall ./Spark >/dev/null

# The binary, as executors get it: the Swift runtime linked in.
if [ -n "${PUSH_PAYLOADS:-}" ]; then
    BIN=$(realpath "$PUSH_PAYLOADS")
else
    step "building push-payloads (release, --static-swift-stdlib, Zstd)"
    build=(swift build -c release --static-swift-stdlib --scratch-path .build-spark-release --traits Zstd)
    "${build[@]}" --product push-payloads >"$WORK/logs/build.log" 2>&1 || { cat "$WORK/logs/build.log" >&2; exit 1; }
    BIN=$("${build[@]}" --show-bin-path)/push-payloads
fi
if ldd "$BIN" | grep -i swift; then
    echo "spark-connect-check: $BIN links the Swift libraries above: build it with --static-swift-stdlib" >&2
    exit 1
fi

step "unit tests (pytest Spark/tests)"
PUSH_PAYLOADS=$BIN "$PYTHON" -m pytest -q Spark/tests >&2

step "writing the inputs to $WORK/inputs"
"$PYTHON" scripts/spark-connect-inputs.py "$WORK/inputs" "$MEGABYTES"

# The server: its own process group (setsid), which the trap ends by its id whatever happens.
SPARK_HOME=$("$PYTHON" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')
port=$("$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
step "starting Spark Connect on 127.0.0.1:$port (local[2])"
server=""
client=""
stop_server() {
    if [ -n "$client" ]; then
        kill -TERM "$client" 2>/dev/null || true
        client=""
    fi
    if [ -n "$server" ]; then
        # The group: the launcher script, the JVM and its Python workers. The JVM takes a few seconds to stop.
        kill -TERM -- "-$server" 2>/dev/null || true
        for _ in $(seq 60); do
            kill -0 -- "-$server" 2>/dev/null || break
            sleep 0.5
        done
        kill -KILL -- "-$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
        server=""
    fi
}
trap stop_server EXIT
# Bash runs a trap only once the foreground command ends: the client runs in the background and is waited
# for, so that a signal stops the client and the server at once.
trap 'exit 130' INT
trap 'exit 143' TERM
# Each task of the data source appends its exact CPU (the command's wait4 rusage, its worker's own) to this file,
# which the CPU split after the throughput reads.
accounting="$PWD/$WORK/logs/accounting.jsonl"
: >"$accounting"
PUSH_PAYLOADS_SPARK_ACCOUNTING="$accounting" \
SPARK_NO_DAEMONIZE=1 SPARK_LOG_DIR="$PWD/$WORK/logs" SPARK_PID_DIR="$PWD/$WORK/logs" \
    PYSPARK_PYTHON="$PWD/$PYTHON" SPARK_HOME="$SPARK_HOME" \
    setsid "$SPARK_HOME/sbin/start-connect-server.sh" --master 'local[2]' --driver-memory 2g \
    --conf spark.connect.grpc.binding.address=127.0.0.1 --conf spark.connect.grpc.binding.port="$port" \
    --conf spark.driver.bindAddress=127.0.0.1 --conf spark.driver.host=127.0.0.1 \
    --conf spark.ui.enabled=false --conf spark.log.level=WARN >"$WORK/logs/server.log" 2>&1 &
server=$!
for _ in $(seq 240); do
    if ! kill -0 "$server" 2>/dev/null; then
        cat "$WORK/logs/server.log" >&2
        echo "spark-connect-check: the Spark Connect server stopped" >&2
        exit 1
    fi
    "$PYTHON" -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null && break
    sleep 0.5 & wait $!
done

inputs=$WORK/inputs
groups=()
if [ $# -gt 0 ]; then
    groups+=(--group "inputs=$("$PYTHON" -c 'import json, sys; print(json.dumps({"inputs": sys.argv[1:]}))' "$@")")
else
    groups+=(
        --group 'corpus={"inputs": ["Corpus"]}'
        --group 'inbox={"inputs": ["Corpus/inbox"], "options": {"kind": "inbox"}, "both": false}'
        --group "edges={\"inputs\": [\"$inputs/edges\"], \"options\": {\"split_bytes\": \"16\"}}"
        --group "capture={\"inputs\": [\"$inputs/capture\"], \"options\": {\"split_bytes\": \"4000000\"}}"
        --group "records={\"inputs\": [\"$inputs/records\"], \"options\": {\"payload\": \"/request/body\",
            \"keep\": \"/ts,/device/id\", \"split_bytes\": \"1000000\"}}"
    )
fi
throughput=()
[ "$MEGABYTES" != 0 ] && throughput=(--throughput-capture "$inputs/throughput/capture.jsonl")
step "checking"
"$PYTHON" scripts/spark-connect-check.py --remote "sc://127.0.0.1:$port" --binary "$BIN" "${groups[@]}" \
    --documentation --accounting "$accounting" "${throughput[@]}" >"$WORK/logs/summary.txt" &
client=$!
status=0
wait "$client" || status=$?
client=""
stop_server
step "done"
cat "$WORK/logs/summary.txt"
exit "$status"
