#!/usr/bin/env bash
# The records oracle: runs a release `push-payloads` binary over fixed inputs and writes every output
# (stdout, stderr, exit status) into OUT, so that two builds can be compared byte for byte with `diff -r`.
# Used before and after every change meant to keep records the same (issues 21, 36, 38).
#
#   scripts/records-oracle.sh BIN OUT
#   diff -r before/ after/ && echo identical
#
# Inputs: all of Corpus/ (classify in every format, both sender sets, one and two jobs, every --kind and
# --platform on the send requests, lint, fit, inbox, inspect of every payload file), and two 20 MB captures
# (push and wide shapes, seed 1) made with Benchmarks' generate-capture into ORACLE_INPUTS (default
# .build/oracle-inputs) when missing. The summary's elapsed time and speed are blanked: they vary by run.
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: scripts/records-oracle.sh BIN OUT" >&2; exit 2; }
REPO=$(cd "$(dirname "$0")/.." && pwd)
BIN=$(realpath "$1"); OUT=$(realpath -m "$2")
IN=${ORACLE_INPUTS:-$REPO/.build/oracle-inputs}
if [ ! -s "$IN/push.jsonl" ] || [ ! -s "$IN/wide.jsonl" ] || [ ! -s "$IN/push.jsonl.gz" ]; then
    echo "records-oracle: generating the captures into $IN (Benchmarks' generate-capture)" >&2
    mkdir -p "$IN"
    swift build -c release --package-path "$REPO/Benchmarks" --product generate-capture >&2 || exit 2
    gen=$(swift build -c release --package-path "$REPO/Benchmarks" --show-bin-path)/generate-capture
    "$gen" --megabytes 20 --seed 1 >"$IN/push.jsonl" || exit 2
    "$gen" --shape wide --megabytes 20 --seed 1 >"$IN/wide.jsonl" || exit 2
    gzip -kc "$IN/push.jsonl" >"$IN/push.jsonl.gz" || exit 2
fi
if [ ! -s "$IN/wrapped.jsonl" ]; then
    # Log records holding payloads, for --payload and --keep: the first 3,000 lines of the push capture and
    # the corpus's captures, each once as a string holding JSON and once, when it parses, as an object.
    python3 - "$IN/push.jsonl" "$REPO"/Corpus/captures/*.jsonl >"$IN/wrapped.jsonl" <<'PY' || exit 2
import json, sys
n = 0
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        for i, raw in enumerate(f):
            if i >= 3000: break
            line = raw.rstrip(b"\n").decode("utf-8", "surrogateescape")
            n += 1
            print(json.dumps({"ts": n, "device": {"id": f"d{n % 7}"}, "request": {"body": line}}))
            try:
                body = json.loads(line)
            except Exception:
                continue
            n += 1
            print(json.dumps({"ts": n, "device": {"id": f"d{n % 7}"}, "request": {"body": body}}, ensure_ascii=False))
PY
fi
rm -rf "$OUT"; mkdir -p "$OUT"
cd "$REPO"
n=0
run() { # name, args...
    local name=$1; shift
    "$BIN" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err"; echo $? >"$OUT/$name.rc"
    n=$((n + 1))
}
for senders in standard all; do
  for jobs in 1 2; do
    run "corpus-$senders-j$jobs" classify --quiet --no-summary --senders $senders --jobs $jobs Corpus
    for cap in push wide; do
      run "$cap-$senders-j$jobs" classify --quiet --no-summary --senders $senders --jobs $jobs "$IN/$cap.jsonl"
    done
  done
  for fmt in csv table; do run "corpus-$senders-$fmt" classify --quiet --no-summary --senders $senders --jobs 2 --format $fmt Corpus; done
  run "push-$senders-csv" classify --quiet --no-summary --senders $senders --format csv "$IN/push.jsonl"
  run "summary-$senders" classify --quiet --summary --senders $senders Corpus/captures
done
run wrapped-payload classify --quiet --no-summary --payload /request/body --keep /ts,/device/id "$IN/wrapped.jsonl"
run wrapped-payload-csv classify --quiet --no-summary --format csv --payload /request/body --keep /ts "$IN/wrapped.jsonl"
run push-gz classify --quiet --no-summary "$IN/push.jsonl.gz"
for p in ios android web; do
  run "sendreq-platform-$p" classify --quiet --no-summary --platform $p Corpus/captures/send-requests.jsonl
  run "lint-platform-$p" lint --platform $p Corpus/captures/send-requests.jsonl
done
for k in device apns fcm-v1 fcm-legacy; do
  run "sendreq-kind-$k" classify --quiet --no-summary --kind $k Corpus/captures/send-requests.jsonl
  run "lint-kind-$k" lint --kind $k Corpus/captures/send-requests.jsonl
done
run inbox-classify classify --quiet --no-summary --kind inbox Corpus/inbox
run lint-corpus lint Corpus
run lint-corpus-table lint --format table Corpus
run lint-info lint --severity info Corpus
run fit-sendreq fit Corpus/captures/send-requests.jsonl
run fit-corpus fit Corpus/vendors
for f in $(find Corpus/vendors Corpus/vendor-fixtures Corpus/other-senders Corpus/mixed Corpus/regressions Corpus/keys -name '*.json' | sort); do
  name=inspect-$(echo "$f" | tr '/' '_')
  run "$name" inspect "$f"
  run "$name-all" inspect --senders all "$f"
done
for f in Corpus/inbox/*.json; do run "inspect-inbox-$(basename "$f")" inspect --kind inbox "$f"; done
for line in 1 2 3 5 8 13; do
  run "inspect-sendreq-line$line" inspect --line $line Corpus/captures/send-requests.jsonl
  run "inspect-mixed-line$line" inspect --line $line Corpus/captures/mixed-errors.jsonl
done
# The summary's elapsed time and speed vary run to run: blank them.
sed -i -E 's/ in [0-9.]+ s(, [^)]*)?\)/ in T s)/; s/[0-9.]+ [kMG]?B\/s/R/g' "$OUT"/summary-*.err
echo "oracle: $n outputs in $OUT" >&2
