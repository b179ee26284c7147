#!/usr/bin/env bash
# Side-by-side throughput of `push-payloads classify` (1 and 2 jobs), a jq filter and a Python script
# (with the `json` module, and with orjson) doing the same classification, on one generated capture of
# at least 200 MB; of `push-payloads` on the same capture gzip-compressed (`gzip -6`), beside `gzip -dc`
# alone, for the cost of decompression; and of the engine alone on the same bytes in memory
# (Benchmarks' engine-task, beside simdjson), for the share of the engine's speed the command keeps.
# The numbers also go to $WORK/summary.json, which scripts/performance-chart.py draws.
#
#   GZIP=0 scripts/bench-cli.sh          # without the gzip capture
#   ENGINE=0 scripts/bench-cli.sh        # without the engine (which needs libsimdjson-dev)
#
#   scripts/bench-cli.sh                 # 200 MB capture, 3 timed runs each
#   MEGABYTES=50 RUNS=1 scripts/bench-cli.sh
#   PUSH_PAYLOADS=path/to/push-payloads CAPTURE=capture.jsonl scripts/bench-cli.sh   # no build, no generation
#   PUSH_PAYLOADS_BEFORE=path/to/old/push-payloads RUNS=10 scripts/bench-cli.sh     # A/B: old and new build
#   PUSH_PAYLOADS_BEFORE=$BIN PUSH_PAYLOADS=$BIN AFTER_ARGS="--senders all" scripts/bench-cli.sh   # A/B: options
#   TRACE=5 PUSH_PAYLOADS=… CAPTURE=… scripts/bench-cli.sh   # only: where 1 and 2 jobs spend their time, 5 runs each
#   CEILING=10 PUSH_PAYLOADS=… CAPTURE=… scripts/bench-cli.sh # only: 2 jobs against the machine's own ceiling
#
# TRACE=N runs the command N times with 1 and with 2 jobs under PUSH_PAYLOADS_TRACE (the pipeline's timeline,
# Sources/PushPayloadsCommand/Pipeline/PipelineTrace.swift) and prints medians that do not depend on the load as
# much as the wall clock: CPU time per thread and per kind of segment (fill, process, consume, the waits), context
# switches, and the start and the end on the timeline; then exits.
#
# CEILING=N runs, N rounds in shuffled order, `--jobs 1` and `--jobs 2` on the capture and two independent
# `--jobs 1` processes at once on its two halves (split at a line, made once beside the capture): the halves share
# nothing but the machine, so their speed-up over one job is what any two-way split can reach there. It prints the
# wall clock and `wait4`'s CPU of each (median and best) and the ratios to one job; then exits.
#
# With PUSH_PAYLOADS_BEFORE, the script compares two builds of push-payloads instead: it checks that both
# write byte-identical records for the whole capture, then times both with 1 and 2 jobs in RUNS rounds,
# each round running the four commands once in an order that alternates (old first, then new first), so
# both builds see the same drift of a shared machine; jq and Python are not timed again.
# BEFORE_ARGS and AFTER_ARGS add classify options to one side (say AFTER_ARGS="--senders all", to time
# recognising every sender against the standard four); records may then differ, so only their number is
# compared.
#
# Needs hyperfine, jq and python3. The capture and results go to .build-bench-cli/ (git-ignored
# build output); the capture is reused between runs. The numbers mean little on a busy machine: the
# script prints the load average next to them.
set -euo pipefail
cd "$(dirname "$0")/.."

# On a shared machine the scheduler splits the CPUs between sessions (autogroups), whatever `nice`
# says inside one. PRIORITY=1 runs the benchmark in a session of its own whose autogroup has nice -19,
# so the tools get the cores as on an idle machine (root, or CAP_SYS_NICE, only).
if [ "${PRIORITY:-0}" = 1 ] && [ -z "${BENCH_CLI_BOOSTED:-}" ] && [ -w /proc/self/autogroup ]; then
    export BENCH_CLI_BOOSTED=1
    exec setsid bash -c 'echo -19 >/proc/self/autogroup && exec "$0" "$@"' "$0" "$@"
fi

MEGABYTES=${MEGABYTES:-200}
RUNS=${RUNS:-3}
WORK=${WORK:-.build-bench-cli}
CAPTURE=${CAPTURE:-"$WORK/capture-${MEGABYTES}mb-seed1.jsonl"}
mkdir -p "$WORK"

for tool in hyperfine jq python3; do
    command -v "$tool" >/dev/null || { echo "bench-cli.sh: $tool is needed" >&2; exit 1; }
done
python3 -c "import orjson" 2>/dev/null || { echo "bench-cli.sh: orjson is needed (pip install orjson)" >&2; exit 1; }

if [ ! -s "$CAPTURE" ]; then
    echo "== generating a ${MEGABYTES} MB capture (Benchmarks' generate-capture, seed 1)" >&2
    swift run -c release --package-path Benchmarks --scratch-path Benchmarks/.build-bench \
        generate-capture --megabytes "$MEGABYTES" --seed 1 --stats >"$CAPTURE.partial"
    mv "$CAPTURE.partial" "$CAPTURE"
fi

if [ -n "${PUSH_PAYLOADS:-}" ]; then
    BIN=$PUSH_PAYLOADS
else
    # The build the docs recommend for batch runs (docs/scale.md): the Swift libraries linked statically start a run
    # about 3.5 ms sooner (no dynamic loader binding their symbols), a third of the serial part that keeps two jobs
    # under twice one, and classify about 7% faster (docs/performance.md, "Two jobs, round seven").
    echo "== building push-payloads in release (--static-swift-stdlib)" >&2
    TRAITS=()
    [ -f /usr/include/jansson.h ] && TRAITS=(--traits Jansson)
    [ -f /usr/include/jansson.h ] && [ -f /usr/include/zstd.h ] && TRAITS=(--traits Jansson,Zstd)
    build=(swift build -c release --static-swift-stdlib --scratch-path .build-cli-release "${TRAITS[@]}")
    "${build[@]}" --product push-payloads >&2
    BIN="$("${build[@]}" --show-bin-path)/push-payloads"
fi

GZIP=${GZIP:-1}
if [ "$GZIP" = 1 ] && [ ! -s "$CAPTURE.gz" ]; then
    echo "== compressing the capture (gzip -6)" >&2
    gzip -6 -c "$CAPTURE" >"$CAPTURE.gz.partial"
    mv "$CAPTURE.gz.partial" "$CAPTURE.gz"
fi

BYTES=$(wc -c <"$CAPTURE")
PAYLOADS=$(grep -c -v '^[[:space:]]*$' "$CAPTURE" || true)
echo "== capture: $CAPTURE, $BYTES bytes, $PAYLOADS payloads; $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg);" \
    "autogroup $(cat /proc/self/autogroup 2>/dev/null || echo n/a)" >&2

if [ -n "${TRACE:-}" ]; then
    echo "== where the time goes: $TRACE traced runs with 1 and 2 jobs, alternating; load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
    python3 - "$BIN" "$CAPTURE" "$TRACE" "$WORK/trace.tsv" <<'PYTHON'
import collections, os, statistics, subprocess, sys, time
binary, capture, runs, path = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
results = {1: [], 2: []}
for _ in range(runs):
    for jobs in (1, 2):
        environment = dict(os.environ, PUSH_PAYLOADS_TRACE=path)
        with open(os.devnull, "wb") as null:
            spawned = time.monotonic_ns()  # the same clock as the trace's
            process = subprocess.Popen([binary, "classify", "--quiet", "--jobs", str(jobs), capture],
                                       stdout=null, stderr=null, env=environment)
            _, _, usage = os.wait4(process.pid, 0)
            ended = time.monotonic_ns()
        events = [line.rstrip("\n").split("\t") for line in open(path)]
        events = [(t, e, int(b), int(s), int(f), int(c)) for t, e, b, s, f, c in events]
        launch = next(s for t, e, b, s, f, c in events if e == "launch")
        processed = [(s, f) for t, e, b, s, f, c in events if e == "process"]
        wall, cpu = collections.Counter(), collections.Counter()
        for thread, event, _, start, end, used in events:
            if event in ("launch", "cpu-before-main"):
                continue
            key = (thread if thread in ("main", "producer") else "workers", event)
            if event != "cpu":
                wall[key] += end - start
            cpu[key] += used
        results[jobs].append({
            "wall": (ended - spawned) / 1e6,
            "CPU (rusage)": (usage.ru_utime + usage.ru_stime) * 1e3,
            "context switches": usage.ru_nvcsw + usage.ru_nivcsw,
            "CPU before main": next(c for t, e, b, s, f, c in events if e == "cpu-before-main") / 1e6,
            "exec to main": (launch - spawned) / 1e6,
            "main to the first batch's processing": (min(s for s, f in processed) - launch) / 1e6,
            "last batch processed to exit": (ended - max(f for s, f in processed)) / 1e6,
            **{f"{t} {'thread, in all' if e == 'cpu' else e} CPU": v / 1e6 for (t, e), v in cpu.items()},
            **{f"{t} {e} wall": v / 1e6 for (t, e), v in wall.items() if e.startswith("wait")},
        })
keys = list(dict.fromkeys(k for jobs in (1, 2) for r in results[jobs] for k in r))
print("| ms, median of the runs | --jobs 1 | --jobs 2 |")
print("|---|---:|---:|")
for key in keys:
    cells = [f"{statistics.median(r.get(key, 0) for r in results[jobs]):.1f}" if any(key in r for r in results[jobs])
             else "" for jobs in (1, 2)]
    print(f"| {key} | {cells[0]} | {cells[1]} |")
PYTHON
    exit 0
fi

if [ -n "${CEILING:-}" ]; then
    half1="$CAPTURE.half1"
    half2="$CAPTURE.half2"
    if [ ! -s "$half1" ] || [ ! -s "$half2" ] || [ "$half1" -ot "$CAPTURE" ]; then
        lines=$(wc -l <"$CAPTURE")
        head -n $((lines / 2)) "$CAPTURE" >"$half1"
        tail -n +$((lines / 2 + 1)) "$CAPTURE" >"$half2"
    fi
    echo "== the machine's ceiling: $CEILING rounds; load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
    python3 - "$BIN" "$CAPTURE" "$half1" "$half2" "$CEILING" <<'PYTHON'
import os, random, statistics, subprocess, sys, time
binary, capture, half1, half2, rounds = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
def command(jobs, path):
    return [binary, "classify", "--quiet", "--jobs", str(jobs), path]
runs = {
    "--jobs 1": [command(1, capture)],
    "--jobs 2": [command(2, capture)],
    "two processes on the halves": [command(1, half1), command(1, half2)],
}
results = {name: [] for name in runs}
for _ in range(rounds):
    order = list(runs)
    random.shuffle(order)
    for name in order:
        with open(os.devnull, "wb") as null:
            start = time.monotonic_ns()
            processes = [subprocess.Popen(c, stdout=null, stderr=null) for c in runs[name]]
            cpu = 0.0
            for process in processes:
                _, _, usage = os.wait4(process.pid, 0)
                cpu += usage.ru_utime + usage.ru_stime
            results[name].append(((time.monotonic_ns() - start) / 1e6, cpu * 1e3))
print("| ms | wall, median | wall, best | CPU, median | one job's wall over this, median / best |")
print("|---|---:|---:|---:|---:|")
one = results["--jobs 1"]
for name, values in results.items():
    walls = [w for w, _ in values]
    ratio = (f"{statistics.median(w for w, _ in one) / statistics.median(walls):.3f}× / "
             f"{min(w for w, _ in one) / min(walls):.3f}×")
    print(f"| {name} | {statistics.median(walls):.1f} | {min(walls):.1f} | "
          f"{statistics.median(c for _, c in values):.1f} | {ratio} |")
PYTHON
    exit 0
fi

# The reference scripts must agree with push-payloads before their speed means anything.
echo "== agreement on the first 5 MB" >&2
head -c 5000000 "$CAPTURE" >"$WORK/head.jsonl"
"$BIN" classify --quiet "$WORK/head.jsonl" >"$WORK/head.push-payloads.jsonl" || true
python3 scripts/classify.py "$WORK/head.jsonl" >"$WORK/head.python.jsonl" || true
python3 scripts/classify.py --orjson "$WORK/head.jsonl" >"$WORK/head.orjson.jsonl" || true
jq -cR --arg source "$WORK/head.jsonl" -f scripts/classify.jq "$WORK/head.jsonl" >"$WORK/head.jq.jsonl" || true
python3 - "$WORK/head.push-payloads.jsonl" "$WORK/head.python.jsonl" "$WORK/head.jq.jsonl" "$WORK/head.orjson.jsonl" <<'EOF' >&2
import json, sys
fields = ("status", "vendor", "silent", "ambiguous", "shape", "message_id", "title", "body", "action", "url")
def load(path):
    return [json.loads(line) for line in open(path, encoding="utf-8")]
reference = load(sys.argv[1])
for name, path in (("python", sys.argv[2]), ("jq", sys.argv[3]), ("python with orjson", sys.argv[4])):
    other = load(path)
    same = sum(1 for a, b in zip(reference, other) if all(a.get(f) == b.get(f) for f in fields)
               and (a.get("error") or {}).get("code") == (b.get("error") or {}).get("code"))
    print(f"   {name}: {len(other)} records, {same} of {len(reference)} identical to push-payloads")
EOF

# The timed runs ignore exit statuses (every tool exits 1 when a payload is refused, and captures hold broken
# lines), so a tool that stops part way through would be timed as fast. Each must write a record for every line
# push-payloads does, on the whole capture, before it is timed.
if [ -z "${PUSH_PAYLOADS_BEFORE:-}" ]; then
    echo "== every tool writes a record for every payload of the whole capture" >&2
    expected=$("$BIN" classify --quiet --jobs 2 "$CAPTURE" | wc -l || true)
    for tool in "python3 scripts/classify.py" "python3 scripts/classify.py --orjson" \
        "jq -cR --arg source $CAPTURE -f scripts/classify.jq"; do
        # shellcheck disable=SC2086 # the tool's words
        written=$($tool "$CAPTURE" 2>"$WORK/whole.stderr" | wc -l || true)
        if [ "$written" != "$expected" ]; then
            echo "bench-cli.sh: $tool wrote $written records for the whole capture, push-payloads $expected:" >&2
            tail -n 5 "$WORK/whole.stderr" >&2
            exit 1
        fi
        echo "   $tool: $written records" >&2
    done
fi

if [ -n "${PUSH_PAYLOADS_BEFORE:-}" ]; then
    BEFORE=$PUSH_PAYLOADS_BEFORE
    BEFORE_ARGS=${BEFORE_ARGS:-}
    AFTER_ARGS=${AFTER_ARGS:-}
    echo "== A/B: $BEFORE $BEFORE_ARGS (before) against $BIN $AFTER_ARGS (after)" >&2
    for jobs in 1 2; do
        if [ -n "$BEFORE_ARGS$AFTER_ARGS" ]; then
            # shellcheck disable=SC2086 # the options are words
            before=$("$BEFORE" classify --quiet $BEFORE_ARGS --jobs "$jobs" "$CAPTURE" | wc -l || true)
            # shellcheck disable=SC2086
            after=$("$BIN" classify --quiet $AFTER_ARGS --jobs "$jobs" "$CAPTURE" | wc -l || true)
            [ "$before" = "$after" ] || { echo "bench-cli.sh: the record counts differ with --jobs $jobs" >&2; exit 1; }
            echo "   --jobs $jobs: $after records from each (options differ, so records may too)" >&2
            continue
        fi
        before=$("$BEFORE" classify --quiet --jobs "$jobs" "$CAPTURE" | sha256sum | cut -d' ' -f1 || true)
        after=$("$BIN" classify --quiet --jobs "$jobs" "$CAPTURE" | sha256sum | cut -d' ' -f1 || true)
        [ "$before" = "$after" ] || { echo "bench-cli.sh: the builds' records differ with --jobs $jobs" >&2; exit 1; }
        echo "   --jobs $jobs: identical records for the whole capture (sha256 $after)" >&2
    done
    echo "== timing ($RUNS alternating rounds, each command once a round, after one warm-up)" >&2
    # shellcheck disable=SC2086
    "$BIN" classify --quiet $AFTER_ARGS --jobs 2 "$CAPTURE" >/dev/null || true
    # shellcheck disable=SC2086
    "$BEFORE" classify --quiet $BEFORE_ARGS --jobs 2 "$CAPTURE" >/dev/null || true
    rm -f "$WORK"/ab-round-*.json
    for round in $(seq 1 "$RUNS"); do
        commands=()
        if [ $((round % 2)) = 1 ]; then order="before after"; else order="after before"; fi
        for jobs in 1 2; do
            for build in $order; do
                if [ "$build" = before ]; then bin=$BEFORE args=$BEFORE_ARGS; else bin=$BIN args=$AFTER_ARGS; fi
                commands+=(-n "$build --jobs $jobs" "$bin classify --quiet $args --jobs $jobs $CAPTURE >/dev/null")
            done
        done
        hyperfine --ignore-failure --runs 1 --style none --export-json "$WORK/ab-round-$round.json" \
            "${commands[@]}" >/dev/null 2>&1
        echo "   round $round of $RUNS ($order)" >&2
    done
    python3 - "$BYTES" "$WORK"/ab-round-*.json <<'PYTHON'
import json, statistics, sys
size = int(sys.argv[1])
times, cpu = {}, {}
rounds = []
for path in sys.argv[2:]:
    round_times = {}
    for r in json.load(open(path))["results"]:
        times.setdefault(r["command"], []).append(r["times"][0])
        cpu.setdefault(r["command"], []).append(r["user"] + r["system"])
        round_times[r["command"]] = r["times"][0]
    rounds.append(round_times)
print(f"| build | wall s, mean ± σ | median | best | CPU s (mean) | MB/s (median) | MB/s (best) |")
print("|---|---:|---:|---:|---:|---:|---:|")
for name in ("before --jobs 1", "after --jobs 1", "before --jobs 2", "after --jobs 2"):
    t = times[name]
    print(f"| {name} | {statistics.mean(t):.3f} ± {statistics.stdev(t) if len(t) > 1 else 0:.3f} | "
          f"{statistics.median(t):.3f} | {min(t):.3f} | {statistics.mean(cpu[name]):.2f} | "
          f"{size / statistics.median(t) / 1e6:.1f} | {size / min(t) / 1e6:.1f} |")
print()
for jobs in (1, 2):
    ratios = [r[f"before --jobs {jobs}"] / r[f"after --jobs {jobs}"] for r in rounds]
    spread = statistics.stdev(ratios) if len(ratios) > 1 else 0
    print(f"--jobs {jobs}: after is {statistics.mean(ratios):.3f}× ± {spread:.3f} the speed of before "
          f"(paired by round, {len(ratios)} rounds; median {statistics.median(ratios):.3f}×)")
PYTHON
    exit 0
fi

GZIP_COMMANDS=()
if [ "$GZIP" = 1 ]; then
    # The compressed capture must give the same records as the plain one.
    plain=$("$BIN" classify --quiet --jobs 2 "$CAPTURE" | sha256sum | cut -d' ' -f1 || true)
    compressed=$("$BIN" classify --quiet --jobs 2 "$CAPTURE.gz" | sed "s#^{\"source\":\"$CAPTURE.gz\",#{\"source\":\"$CAPTURE\",#" |
        sha256sum | cut -d' ' -f1 || true)
    [ "$plain" = "$compressed" ] || { echo "bench-cli.sh: the .gz capture's records differ" >&2; exit 1; }
    echo "== gzip: $CAPTURE.gz, $(wc -c <"$CAPTURE.gz") bytes, the same records (sha256 $plain)" >&2
    GZIP_COMMANDS=(
        -n "push-payloads --jobs 1 (.gz)" "$BIN classify --quiet --jobs 1 $CAPTURE.gz >/dev/null"
        -n "push-payloads --jobs 2 (.gz)" "$BIN classify --quiet --jobs 2 $CAPTURE.gz >/dev/null"
        -n "gzip -dc (decompression alone)" "gzip -dc $CAPTURE.gz >/dev/null"
    )
fi

echo "== timing ($RUNS runs each)" >&2
hyperfine --ignore-failure --warmup 1 --runs "$RUNS" --export-json "$WORK/results.json" \
    -n "push-payloads --jobs 1" "$BIN classify --quiet --jobs 1 $CAPTURE >/dev/null" \
    -n "push-payloads --jobs 2" "$BIN classify --quiet --jobs 2 $CAPTURE >/dev/null" \
    "${GZIP_COMMANDS[@]}" \
    -n "jq 1.6 (scripts/classify.jq)" "jq -cR --arg source $CAPTURE -f scripts/classify.jq $CAPTURE >/dev/null" \
    -n "python3 (scripts/classify.py)" "python3 scripts/classify.py $CAPTURE >/dev/null" \
    -n "python3 + orjson (scripts/classify.py --orjson)" "python3 scripts/classify.py --orjson $CAPTURE >/dev/null" >&2

# The engine alone, on the same bytes in memory, with simdjson beside it.
ENGINE=${ENGINE:-1}
: >"$WORK/engine.txt"
if [ "$ENGINE" = 1 ]; then
    echo "== the engine on the same bytes (Benchmarks' engine-task)" >&2
    swift build -c release --package-path Benchmarks --scratch-path Benchmarks/.build-bench --product engine-task >&2
    Benchmarks/.build-bench/release/engine-task --capture "$CAPTURE" --rounds "${ENGINE_ROUNDS:-7}" | tee "$WORK/engine.txt" >&2
fi

python3 - "$WORK/results.json" "$BYTES" "$PAYLOADS" "$WORK/engine.txt" "$WORK/summary.json" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)" <<'EOF'
import json, re, sys
results = json.load(open(sys.argv[1]))["results"]
size, payloads = int(sys.argv[2]), int(sys.argv[3])
by_name = {r["command"]: r for r in results}
jq = next(r for r in results if r["command"].startswith("jq"))
python = by_name["python3 (scripts/classify.py)"]
orjson = by_name["python3 + orjson (scripts/classify.py --orjson)"]
one = by_name["push-payloads --jobs 1"]
# Best-of-N wall time is the least disturbed by other work on the machine; the mean is shown too.
# MB/s and payloads/s count the capture's text, also for the .gz rows.
print("| tool | wall s, mean ± σ | wall s, best | CPU s | MB/s (best) | payloads/s (best) | vs jq | vs Python | vs orjson | vs 1 job |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for r in results:
    best, cpu = min(r["times"]), r["user"] + r["system"]
    print(f"| {r['command']} | {r['mean']:.2f} ± {r['stddev'] or 0:.2f} | {best:.2f} | {cpu:.2f} | "
          f"{size / best / 1e6:.1f} | {payloads / best:,.0f} | {min(jq['times']) / best:.1f}× | "
          f"{min(python['times']) / best:.1f}× | {min(orjson['times']) / best:.1f}× | {min(one['times']) / best:.2f}× |")
if "gzip -dc (decompression alone)" in by_name:
    print()
    alone = by_name["gzip -dc (decompression alone)"]
    print(f"gzip -dc alone: {min(alone['times']) * 1e3 / (size / 1e6):.2f} ms per MB of text (best), "
          f"{size / min(alone['times']) / 1e6:.0f} MB/s")
    for jobs in (1, 2):
        plain, gz = by_name[f"push-payloads --jobs {jobs}"], by_name[f"push-payloads --jobs {jobs} (.gz)"]
        extra = (min(gz["times"]) - min(plain["times"])) * 1e3 / (size / 1e6)
        cpu = ((gz["user"] + gz["system"]) - (plain["user"] + plain["system"])) * 1e3 / (size / 1e6)
        print(f"--jobs {jobs}: the .gz takes {min(gz['times']) / min(plain['times']):.2f}× the time of the plain "
              f"capture (best), {extra:+.2f} ms wall and {cpu:+.2f} ms CPU per MB of text (means for CPU)")
summary = {
    "machine": {"cores": int(sys.argv[6]), "load": sys.argv[7]},
    "capture": {"bytes": size, "payloads": payloads},
    "commands": {r["command"]: {"best_seconds": min(r["times"]), "mean_seconds": r["mean"],
                                "mb_per_second": size / min(r["times"]) / 1e6} for r in results},
    "engines": {},
}
# engine-task's rows: name, MB/s, how fast our default engine is against the row, counts.
for line in open(sys.argv[4]):
    match = re.match(r"(native, \S+|simdjson DOM|simdjson On-Demand)\s+([0-9.]+)\s+([0-9.]+)x", line)
    if match:
        summary["engines"][match.group(1)] = {"mb_per_second": float(match.group(2)), "native_is": float(match.group(3))}
native = next((v for k, v in summary["engines"].items() if k.startswith("native") and v["native_is"] == 1.0), None)
if native:
    # engine-task counts payload bytes only (no newlines, and without the few payloads the engines
    # disagree on); the commands count the whole file: close enough for a share.
    share = summary["commands"]["push-payloads --jobs 1"]["mb_per_second"] / native["mb_per_second"]
    summary["command_share_of_engine"] = share
    print()
    print(f"the engine alone: {native['mb_per_second']:.1f} MB/s on the same payloads; push-payloads --jobs 1 keeps "
          f"{share * 100:.0f}% of it (best runs)")
json.dump(summary, open(sys.argv[5], "w"), indent=2)
EOF
