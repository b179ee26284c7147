#!/usr/bin/env bash
# Runs one libFuzzer target of the Fuzz/ package for a fixed time.
#
#   scripts/fuzz.sh --list              the target names, one a line
#   scripts/fuzz.sh TARGET SECONDS      build (incrementally), then fuzz TARGET for SECONDS
#
# Seeds come from a copy of Corpus/ (every file, recursively; each line of a captures/*.jsonl file
# becomes a seed of its own). New inputs go to a working corpus under Fuzz/.build-fuzz/, kept between
# runs, never to Corpus/. On a finding the input is minimised into
# Corpus/regressions/<target>-<hash>.json and the script exits 1; otherwise it exits 0.
#
# Environment:
#   FUZZ_MAX_LEN=8192   the longest input libFuzzer generates (the payload limit is 65536; the
#                       targets also try tight limits, so short inputs reach the size checks)
#   FUZZ_SCRATCH=…      the build and working directory (default Fuzz/.build-fuzz)
#   FUZZ_NO_BUILD=1     skip the (incremental) build, for repeated runs of a fresh build
#   FUZZ_VERBOSE=1      show libFuzzer's output as it runs, not only the summary
#   FUZZ_ARGS="…"       extra libFuzzer flags, such as -seed=1 or -jobs=2
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

list_targets() {
    # A target is a Fuzz/Sources folder whose code exports libFuzzer's entry point.
    grep -l '@_cdecl("LLVMFuzzerTestOneInput")' Fuzz/Sources/*/*.swift | awk -F/ '{print $3}' | sort -u
}

usage() {
    echo "usage: scripts/fuzz.sh --list | scripts/fuzz.sh TARGET SECONDS" >&2
    exit 2
}

if [ "${1:-}" = "--list" ]; then
    list_targets
    exit 0
fi
[ $# -eq 2 ] || usage
target=$1
seconds=$2
list_targets | grep -qx "$target" || { echo "fuzz.sh: unknown target '$target'; see scripts/fuzz.sh --list" >&2; exit 2; }
[[ "$seconds" =~ ^[0-9]+$ ]] || usage

scratch=${FUZZ_SCRATCH:-$root/Fuzz/.build-fuzz}
max_len=${FUZZ_MAX_LEN:-8192}

if [ ! -f /usr/include/jansson.h ]; then
    echo "fuzz.sh: installing libjansson-dev (needed by FuzzEngineAgreement)" >&2
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq libjansson-dev >/dev/null
fi

# The sanitizer flags go on the command line, not in the manifest, so that they reach the library's
# modules too: libFuzzer is guided by the coverage of the code under test, not only of the harness.
if [ "${FUZZ_NO_BUILD:-}" != 1 ]; then
    build_start=$(date +%s)
    mkdir -p "$scratch"
    if ! swift build -c release --package-path Fuzz --scratch-path "$scratch" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -g \
        --product "$target" >"$scratch/build.log" 2>&1; then
        cat "$scratch/build.log" >&2
        echo "fuzz.sh: the build of $target failed" >&2
        exit 2
    fi
    echo "fuzz.sh: build took $(($(date +%s) - build_start)) s" >&2
fi
binary="$scratch/release/$target"
[ -x "$binary" ] || { echo "fuzz.sh: the build produced no $binary" >&2; exit 2; }

run="$scratch/runs/$target"
work="$scratch/corpus/$target"
seeds="$run/seeds"
artifacts="$run/artifacts"
rm -rf "$seeds" "$artifacts"
mkdir -p "$work" "$seeds" "$artifacts"

# A copy, because Corpus/ may change under us and libFuzzer must never write into it.
cp -R Corpus/. "$seeds/"
find "$seeds" -name '*.jsonl' -print0 | while IFS= read -r -d '' capture; do
    split -l 1 -a 4 "$capture" "$capture.line-" || true
done

# FuzzDecoders reads "payload NUL action-identifier": give it each vendor's payloads with a tap on a
# button of the vendor's own form, so it starts from the tap resolver's interesting paths.
if [ "$target" = FuzzDecoders ]; then
    for pair in exponea:EXPONEA_ACTION_BROWSER_1 swrve:1 cordial:carouselNotificationCategory.next \
        atomic:com.apple.UNNotificationDefaultActionIdentifier; do
        vendor=${pair%%:*}
        find "$seeds/vendors/$vendor" -name '*.json' -print0 2>/dev/null | while IFS= read -r -d '' payload; do
            { cat "$payload"; printf '\0%s' "${pair#*:}"; } >"$payload.tap"
        done || true  # a vendor folder may be missing
    done
fi

log="$run/fuzz.log"
# Swift's backtracer would catch the trap before libFuzzer and ASan do, and its out-of-process stack
# reads trip ASan; libFuzzer prints the stack itself.
export SWIFT_BACKTRACE=enable=no
echo "fuzz.sh: $target for ${seconds}s, max_len $max_len, working corpus $work" >&2
set +e
# shellcheck disable=SC2086  # FUZZ_ARGS is a list of flags
"$binary" "$work" "$seeds" \
    -dict=Fuzz/json.dict \
    -max_total_time="$seconds" \
    -max_len="$max_len" \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -print_final_stats=1 \
    -artifact_prefix="$artifacts/" \
    ${FUZZ_ARGS:-} >"$log" 2>&1 &
fuzzer=$!
if [ "${FUZZ_VERBOSE:-}" = 1 ]; then
    tail -n +1 -f "$log" --pid=$fuzzer >&2 &
fi
wait $fuzzer
status=$?
set -e

finding=$(find "$artifacts" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | head -n 1)

if [ -z "$finding" ] && [ $status -eq 0 ]; then
    grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)' "$log" || true
    grep -E '^(stat::|Done )' "$log" || true
    echo "fuzz.sh: $target: no finding; working corpus: $(find "$work" -type f | wc -l) inputs" >&2
    exit 0
fi

# A finding: show the report, minimise the input and keep it as a regression.
echo "fuzz.sh: $target: FINDING (libFuzzer exit status $status); full log: $log" >&2
# (Not a pipe into head: under pipefail, head closing early would end the script.)
sed -n '/^==[0-9]*==ERROR\|Fatal error\|^==[0-9]*== ERROR\|deadly signal\|ALARM\|out-of-memory/,$p' "$log" >"$run/report.txt" || true
head -n 80 "$run/report.txt" >&2
if [ -z "$finding" ]; then
    echo "fuzz.sh: libFuzzer failed without saving an input" >&2
    exit 1
fi
minimised="$run/minimised"
rm -f "$minimised"
case "$(basename "$finding")" in
crash-* | leak-*)
    "$binary" -minimize_crash=1 -runs=20000 -max_total_time=120 -timeout=10 -rss_limit_mb=2048 \
        -exact_artifact_path="$minimised" "$finding" >"$run/minimise.log" 2>&1 || true
    ;;
esac
[ -s "$minimised" ] || cp "$finding" "$minimised"
hash=$(sha1sum "$minimised" | cut -c1-12)
regression="Corpus/regressions/$target-$hash.json"
cp "$minimised" "$regression"
echo "fuzz.sh: minimised $(wc -c <"$finding") -> $(wc -c <"$minimised") bytes: $regression" >&2
echo "fuzz.sh: reproduce with: $binary $regression" >&2
echo "fuzz.sh: rename it after what broke, and add its row to Corpus/EXPECTED.tsv" >&2
exit 1
