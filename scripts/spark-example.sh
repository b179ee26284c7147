#!/usr/bin/env bash
# Runs Examples/spark/classify.py on this machine (Spark in local mode, 2 cores) and checks that its
# records are exactly those of a local `push-payloads classify` run.
#
#   scripts/spark-example.sh                 # a 24 MB capture: a split .jsonl, a .jsonl.gz, log records
#   MEGABYTES=100 SPLIT_MB=8 scripts/spark-example.sh
#   PUSH_PAYLOADS=path/to/push-payloads scripts/spark-example.sh   # no build
#
# Needs Java 17 or later and python3; installs PySpark from PyPI (pip) when it is missing. Everything
# goes to .build-spark/ (git-ignored). Takes a few minutes, most of them Spark starting and the build.
set -euo pipefail
cd "$(dirname "$0")/.."

MEGABYTES=${MEGABYTES:-24}
SPLIT_MB=${SPLIT_MB:-4}
WORK=${WORK:-.build-spark}
rm -rf "$WORK/capture" "$WORK/records"
mkdir -p "$WORK/capture/hourly" "$WORK/records"

command -v java >/dev/null || { echo "spark-example.sh: Java 17 or later is needed (apt-get install openjdk-17-jre-headless)" >&2; exit 1; }
if ! python3 -c "import pyspark" 2>/dev/null; then
    echo "== installing PySpark (pip install 'pyspark>=3.5,<5')" >&2
    python3 -m pip install --quiet 'pyspark>=3.5,<5'
fi

if [ -n "${PUSH_PAYLOADS:-}" ]; then
    BIN=$PUSH_PAYLOADS
else
    echo "== building push-payloads in release" >&2
    # The traits of scripts/bench-cli.sh's build, so both scripts share one.
    TRAITS=()
    [ -f /usr/include/jansson.h ] && TRAITS=(--traits Jansson)
    [ -f /usr/include/jansson.h ] && [ -f /usr/include/zstd.h ] && TRAITS=(--traits Jansson,Zstd)
    swift build -c release --scratch-path .build-cli-release "${TRAITS[@]}" --product push-payloads >&2
    BIN="$(swift build -c release --scratch-path .build-cli-release "${TRAITS[@]}" --show-bin-path)/push-payloads"
fi

# A capture that looks like real traffic: the corpus captures (malformed lines, CRLF, blank lines,
# invalid UTF-8 and all), repeated to MEGABYTES, as one large .jsonl that Spark cuts into ranges, one
# gzip file per "hour" that it cannot cut, and log records with the payload inside as a JSON string.
echo "== writing a ${MEGABYTES} MB capture to $WORK/capture" >&2
python3 - "$WORK/capture" "$WORK/records" "$MEGABYTES" <<'PYTHON'
import gzip, json, os, sys
folder, records, megabytes = sys.argv[1], sys.argv[2], float(sys.argv[3])
corpus = b"".join(open(f"Corpus/captures/{name}.jsonl", "rb").read() for name in ("sample", "mixed-errors"))
# Lines that text-based tools get wrong: invalid UTF-8 (a Latin-1 é) and a lone CR inside a line.
corpus += b'{"aps":{"alert":"caf\xe9"}}\n' + b'{"aps":{}}\r{"mcID":"x"}\n'

target = int(megabytes * 1e6 * 0.8)
with open(os.path.join(folder, "capture.jsonl"), "wb") as out:
    out.write(b"\xef\xbb\xbf")  # a byte-order mark, as some exporters write
    written = 0
    while written < target:
        out.write(corpus)
        written += len(corpus)
for hour in range(3):
    with gzip.open(os.path.join(folder, "hourly", f"hour-{hour:02}.jsonl.gz"), "wb") as out:
        out.write(corpus * 40)
with open(os.path.join(records, "records.jsonl"), "w", encoding="utf-8") as out:
    for number, line in enumerate((corpus * 400).decode("utf-8", "replace").splitlines()[:16000]):
        out.write(json.dumps({"ts": f"2024-05-01T10:{number % 60:02}:00Z", "device": {"id": f"d{number}"},
                              "request": {"body": line}}) + "\n")
PYTHON
ls -l "$WORK/capture" "$WORK/capture/hourly" "$WORK/records" >&2

run_both() {
    local name=$1; shift
    local args=$1; shift
    echo "== local: push-payloads classify $args $*" >&2
    # shellcheck disable=SC2086
    "$BIN" classify --quiet $args "$@" >"$WORK/$name.local.jsonl" || [ $? -eq 1 ]
    echo "== Spark: Examples/spark/classify.py --split-mb $SPLIT_MB --classify-args '$args' $*" >&2
    local start=$SECONDS
    python3 Examples/spark/classify.py --master 'local[2]' --binary "$BIN" --split-mb "$SPLIT_MB" \
        --classify-args "$args" --collect "$WORK/$name.spark.jsonl" "$@"
    echo "   Spark took $((SECONDS - start)) s" >&2
    python3 - "$WORK/$name.local.jsonl" "$WORK/$name.spark.jsonl" <<'PYTHON'
import json, sys
def load(path):
    records = [json.loads(line) for line in open(path, encoding="utf-8")]
    return sorted(records, key=lambda r: (r["source"], r["line"] or 0))
local, spark = load(sys.argv[1]), load(sys.argv[2])
same = sum(1 for a, b in zip(local, spark) if a == b)
in_order = open(sys.argv[1], "rb").read() == open(sys.argv[2], "rb").read()
print(f"   local {len(local)} records, Spark {len(spark)}; identical after sorting by source and line: {same}; "
      f"byte-identical in output order: {in_order}", file=sys.stderr)
sys.exit(0 if len(local) == len(spark) == same else 1)
PYTHON
}

run_both capture "" "$WORK/capture"
run_both records "--payload /request/body --keep /ts,/device/id" "$WORK/records/records.jsonl"
echo "== the records of both runs match" >&2
