#!/usr/bin/env python3
"""The client of scripts/spark-connect-check.sh: both Spark paths against the local command, and throughput.

Connects to a running Spark Connect server, registers the push_payloads data source and ships the binary,
then for each group of inputs:

1. runs `push-payloads classify` locally over them (the reference);
2. reads them with `spark.read.format("push_payloads")` (large files cut into ranges) and collects the typed
   rows as Arrow;
3. reads the same payloads into a table client-side (one row per line, as the command splits lines, or per
   `.json` document) and runs `classify_payloads` over it;
4. writes each path's rows back as the command's JSON Lines (`push_payloads_spark.json_lines`) and compares
   them with the local records byte for byte, after sorting by (source, line, record).

Then the throughput: the local `classify --jobs 2` and the data source (`write.format("noop")`, every column
materialised) over one large capture, side by side; the best of three runs each. Exits 1 on any difference;
prints last one line with the counts and `<ratio>x`.
"""

import argparse
import contextlib
import gzip
import json
import os
import resource
import subprocess
import sys
import threading
import time

import pyarrow as pa
from pyspark.sql import SparkSession

from push_payloads_spark import classify_payloads, json_lines, register


def log(message):
    print(message, file=sys.stderr, flush=True)


def local_records(binary, arguments, inputs):
    """The local command's records, one `bytes` each; exit status 0 and 1 only."""
    run = subprocess.run([binary, "classify", "--quiet", *arguments, "--", *inputs], capture_output=True)
    if run.returncode not in (0, 1):
        raise SystemExit(f"local classify exited {run.returncode}: {run.stderr.decode(errors='replace')}")
    return run.stdout.splitlines()


def sort_key(record):
    parsed = json.loads(record)
    return (parsed["source"].encode(), parsed["line"] or 0, record)


def compare(what, local, spark):
    """Compares two lists of records after sorting; prints the first differences; returns whether equal."""
    local, spark = sorted(local, key=sort_key), sorted(spark, key=sort_key)
    equal = sum(1 for a, b in zip(local, spark) if a == b)
    same = len(local) == len(spark) == equal
    log(f"   {what}: local {len(local)} records, Spark {len(spark)}, equal after sorting: {equal}")
    if not same:
        shown = 0
        for a, b in zip(local, spark):
            if a != b and shown < 5:
                log(f"     local: {a[:300]!r}\n     spark: {b[:300]!r}")
                shown += 1
        if len(local) != len(spark):
            extra = set(local) ^ set(spark)
            for record in sorted(extra)[:5]:
                log(f"     only in {'local' if record in set(local) else 'spark'}: {record[:300]!r}")
    return same, len(local)


def read_compressed(path, data):
    if data.startswith(b"\x1f\x8b"):
        return gzip.decompress(data)
    if data.startswith(b"\x28\xb5\x2f\xfd"):
        import zstandard

        return zstandard.ZstdDecompressor().decompressobj().decompress(data)
    return data


def payload_rows(inputs):
    """(source, line, payload) of every payload of the inputs, split as the command splits them."""
    from push_payloads_spark.inputs import SINGLE_DOCUMENT_SUFFIXES, list_inputs

    sources, lines, payloads = [], [], []
    for input_ in list_inputs(inputs):
        with open(input_.path, "rb") as file:
            text = read_compressed(input_.path, file.read())
        if text.startswith(b"\xef\xbb\xbf"):
            text = text[3:]
        if input_.name.endswith(SINGLE_DOCUMENT_SUFFIXES):
            sources.append(input_.name)
            lines.append(None)
            payloads.append(text)
            continue
        pieces = text.split(b"\n")
        if pieces and pieces[-1] == b"":
            pieces.pop()
        for number, piece in enumerate(pieces, 1):
            # The command skips blank lines: they are not payloads.
            if not piece.strip(b" \t\r"):
                continue
            sources.append(input_.name)
            lines.append(number)
            payloads.append(piece[:-1] if piece.endswith(b"\r") else piece)
    return pa.table(
        {
            "source": pa.array(sources, pa.string()),
            "line": pa.array(lines, pa.int64()),
            "payload": pa.array(payloads, pa.binary()),
        }
    )


def check_group(spark, binary, name, inputs, options, both=True):
    """Both paths over one group of inputs; returns (equal, data source records, helper records)."""
    arguments = []
    for option, value in options.items():
        if option in ("split_bytes",):
            continue
        for item in value.split(",") if option in ("keep", "platform") else [value]:
            arguments += ["--" + option.replace("_", "-"), item]
    local = local_records(binary, arguments, inputs)
    log(f"== {name}: {' '.join(inputs)} {' '.join(arguments)}")

    reader = spark.read.format("push_payloads").option("paths", ",".join(inputs))
    for option, value in options.items():
        reader = reader.option(option, value)
    started = time.monotonic()
    table = reader.load().toArrow()
    log(f"   data source: {table.num_rows} rows in {time.monotonic() - started:.1f} s")
    same, count = compare("data source", local, json_lines(table))
    helper_count = 0
    if both:
        rows = payload_rows(inputs)
        helper_options = {key: value for key, value in options.items() if key != "split_bytes"}
        if "payload" in helper_options:
            helper_options["payload_pointer"] = helper_options.pop("payload")
        frame = spark.createDataFrame(rows)
        started = time.monotonic()
        table = classify_payloads(frame, payload="payload", **helper_options).toArrow()
        log(f"   helper: {rows.num_rows} payloads, {table.num_rows} rows in {time.monotonic() - started:.1f} s")
        helper_same, helper_count = compare("helper", local, json_lines(table))
        same = same and helper_same
    return same, count, helper_count


# Runs of the data source before the timed ones. On one server, run after run over the 200 MB capture, the JVM's
# own CPU a run fell from 2.94 to 1.13 s and the wall time from 2.83 to 1.64 s by about the tenth run (JIT
# compilation of the row conversion), where a cluster's long-lived server has long since compiled it.
WARM_UP_RUNS = 10


def throughput(spark, binary, capture, warm_up_runs=WARM_UP_RUNS):
    """MB/s of the local `classify --jobs 2` and of the data source over the capture, best of three each,
    after `warm_up_runs` runs of the data source left out of the best (their times are logged): the server's
    JVM compiles its code for these rows over its first runs, where the local command has nothing to warm up."""
    size = os.path.getsize(capture)
    warm_up_seconds = []
    for _ in range(max(warm_up_runs, 1)):
        started = time.monotonic()
        spark.read.format("push_payloads").load(capture).write.format("noop").mode("overwrite").save()
        warm_up_seconds.append(time.monotonic() - started)
    local_seconds, spark_seconds = [], []
    for _ in range(3):
        started = time.monotonic()
        with open(os.devnull, "wb") as devnull:
            status = subprocess.run([binary, "classify", "--quiet", "--jobs", "2", capture], stdout=devnull).returncode
        local_seconds.append(time.monotonic() - started)
        if status not in (0, 1):
            raise SystemExit(f"local classify exited {status}")
        frame = spark.read.format("push_payloads").load(capture)
        started = time.monotonic()
        frame.write.format("noop").mode("overwrite").save()
        spark_seconds.append(time.monotonic() - started)
    local_rate, spark_rate = size / 1e6 / min(local_seconds), size / 1e6 / min(spark_seconds)
    log(
        f"== throughput over {capture} ({size / 1e6:.0f} MB): local classify --jobs 2 "
        + ", ".join(f"{s:.2f} s" for s in local_seconds)
        + f" ({local_rate:.0f} MB/s); data source "
        + ", ".join(f"{s:.2f} s" for s in spark_seconds)
        + f" ({spark_rate:.0f} MB/s); before them, {len(warm_up_seconds)} runs warming the JVM, left out of the best"
        + " of three: "
        + ", ".join(f"{s:.2f} s" for s in warm_up_seconds)
        + f" (the first {size / 1e6 / warm_up_seconds[0]:.0f} MB/s,"
        + f" the last {size / 1e6 / warm_up_seconds[-1]:.0f} MB/s)"
    )
    return size, local_rate, spark_rate


def _process_table():
    """{pid: (parent, name, start tick, own CPU seconds)} of every process."""
    ticks = os.sysconf("SC_CLK_TCK")
    processes = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat", "rb") as file:
                stat = file.read().decode("utf-8", "replace")
        except OSError:
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        utime, stime, started = int(fields[11]), int(fields[12]), int(fields[19])
        processes[int(pid)] = (int(fields[1]), name, started, (utime + stime) / ticks)
    return processes


def _below(processes, root):
    below, grew = {root}, True
    while grew:
        grew = False
        for pid, (parent, *_) in processes.items():
            if parent in below and pid not in below:
                below.add(pid)
                grew = True
    return below


class _TreeSampler:
    """Samples the CPU time of every process below `root` (the Spark server's JVM: its Python daemon and
    workers, their commands) every `interval` seconds on a thread, keeping each process's last value: the
    Python daemon ignores SIGCHLD, so a worker that exits takes its CPU time with it, and only a sample taken
    while it ran counts it (up to one interval is lost per process that exits). Also a timeline: the tree's
    CPU seconds per interval, against the 2 cores' wall time, and how many commands were running (each sample
    counts the `push-payloads` processes alive)."""

    def __init__(self, root, interval=0.05):
        self.root, self.interval = root, interval
        self.first, self.last, self.timeline = {}, {}, []
        self._stop = threading.Event()
        self._take(initial=True)
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _take(self, initial=False):
        processes = _process_table()
        total = 0.0
        self.commands = 0
        for pid in _below(processes, self.root):
            if pid not in processes:
                continue
            _, name, started, cpu = processes[pid]
            self.commands += name == "push-payloads"
            key = (pid, started)
            if key not in self.first:
                self.first[key] = (name, cpu if initial else 0.0)
            self.last[key] = cpu
        for key, cpu in self.last.items():
            total += cpu - self.first[key][1]
        return total

    def _run(self):
        previous, then = 0.0, time.monotonic()
        while not self._stop.wait(self.interval):
            total, now = self._take(), time.monotonic()
            self.timeline.append((now - then, total - previous, self.commands))
            previous, then = total, now

    def stop(self):
        self._stop.set()
        self._thread.join()
        self._take()
        return {key: (self.first[key][0], self.last[key] - self.first[key][1]) for key in self.last}


def _server_pid(port):
    """The JVM of the Spark Connect server listening on `port` (the one the check started)."""
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as file:
                arguments = file.read().split(b"\0")
        except OSError:
            continue
        if f"spark.connect.grpc.binding.port={port}".encode() in arguments and b"java" in arguments[0]:
            return int(pid)
    return None


def _command_phases(timeline):
    """Seconds with no command running before the first started, then with one, and with two or more, from a
    timeline of (wall, CPU, processes named push-payloads) samples."""
    idle_start, phases, started = 0.0, [0.0, 0.0, 0.0], False
    for wall, _, commands in timeline:
        if not started and commands == 0:
            idle_start += wall
            continue
        started = True
        phases[min(commands, 2)] += wall
    return idle_start, phases


def _accounted(path, offset):
    """The tasks' exact accounting appended to `path` since `offset` (`push_payloads_spark.command.TaskAccounting`):
    the commands' rusage summed, and the task workers' own."""
    fields = ("user", "sys", "minflt", "nvcsw", "nivcsw")
    commands, python, tasks = dict.fromkeys(fields, 0), dict.fromkeys(fields, 0), 0
    with open(path) as file:
        file.seek(offset)
        for line in file:
            if not line.strip():
                continue
            task = json.loads(line)
            tasks += 1
            for key in fields:
                python[key] += task["python"][key]
                commands[key] += sum(run[key] for run in task["commands"])
    return commands, python, tasks


def cpu_split(spark, binary, capture, port, options=None, accounting=None):
    """Where the data source's CPU goes over the capture, in one more (untimed) run: the command's and the task
    workers' exactly, as each task accounts them into `accounting` (the file the server's environment names in
    `PUSH_PAYLOADS_SPARK_ACCOUNTING`: the command's `wait4` rusage, the worker's own `RUSAGE_SELF` over the task),
    the JVM's own (`/proc/PID/stat` at the end), and the rest of the server's process tree (sampled,
    `_TreeSampler`: the Python daemon, the planning worker, the workers outside their tasks); beside the local
    `classify --jobs 2`'s (`RUSAGE_CHILDREN`); and how busy the 2 cores were with the data source's processes,
    from the first sample with work to the last. Returns a sentence, or why there is none."""
    server = _server_pid(port)
    if server is None or accounting is None:
        return "CPU split: not measured (no server process found, or no accounting file)"
    offset = os.path.getsize(accounting) if os.path.exists(accounting) else 0
    reader = spark.read.format("push_payloads")
    for key, value in (options or {}).items():
        reader = reader.option(key, value)
    frame = reader.load(capture)
    sampler = _TreeSampler(server)
    started = time.monotonic()
    frame.write.format("noop").mode("overwrite").save()
    seconds = time.monotonic() - started
    processes = sampler.stop()
    commands, python, tasks = _accounted(accounting, offset)
    command = commands["user"] + commands["sys"]
    # The sampler sees the commands too while they run: the exact numbers replace its view of them.
    total = sum(cpu for name, cpu in processes.values() if name != "push-payloads")
    jvm = sum(cpu for name, cpu in processes.values() if name == "java")
    task_python = python["user"] + python["sys"]
    started = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(os.devnull, "wb") as devnull:
        subprocess.run([binary, "classify", "--quiet", "--jobs", "2", capture], stdout=devnull)
    ended = resource.getrusage(resource.RUSAGE_CHILDREN)
    local = ended.ru_utime + ended.ru_stime - started.ru_utime - started.ru_stime
    local_faults = ended.ru_minflt - started.ru_minflt
    busy = [cpu / wall / 2 for wall, cpu, _ in sampler.timeline]
    worked = [index for index, share in enumerate(busy) if share > 0.1]
    idle_start, (none, one, more) = _command_phases(sampler.timeline)
    phases_text = (
        f"; from the query's start, no command ran for {idle_start:.2f} s, then one for {one:.2f} s, two for "
        f"{more:.2f} s and none for {none:.2f} s (commands per {sampler.interval * 1000:.0f} ms: "
        + "".join(str(min(commands, 9)) for _, _, commands in sampler.timeline)
        + ")"
    )
    if worked:
        busy = busy[worked[0] : worked[-1] + 1]
        timeline = " ".join(str(min(9, int(share * 10))) for share in busy)
        busy_text = (
            f"; the run took {seconds:.2f} s, of which the data source's processes kept the 2 cores "
            f"{sum(busy) / len(busy):.0%} busy over {len(busy) * sampler.interval:.2f} s (tenths per "
            f"{sampler.interval * 1000:.0f} ms: {timeline})"
        )
    else:
        busy_text = ""
    return (
        f"CPU seconds of the data source over the capture: the command {command:.2f} (user {commands['user']:.2f},"
        f" system {commands['sys']:.2f}, {commands['minflt']} minor faults, {commands['nvcsw']} voluntary and "
        f"{commands['nivcsw']} involuntary context switches, {tasks} tasks), Python {total - jvm:.2f} (in the tasks"
        f" {task_python:.2f}, user {python['user']:.2f}, system {python['sys']:.2f}; outside them "
        f"{total - jvm - task_python:.2f}), the JVM {jvm:.2f}, in all {total + command:.2f}; the local classify "
        f"--jobs 2: {local:.2f} ({local_faults} minor faults){busy_text}{phases_text}"
    )


def run_documentation_example(spark_remote, binary):
    """Runs the worked example of docs/scale.md (its first python block) against this server and binary."""
    text = open("docs/scale.md", encoding="utf-8").read()
    example = text.split("```python\n", 1)[1].split("```", 1)[0]
    example = example.replace("sc://localhost:15002", spark_remote)
    example = example.replace('".build/release/push-payloads"', repr(binary))
    log("== docs/scale.md: the worked example")
    with contextlib.redirect_stdout(sys.stderr):
        exec(compile(example, "docs/scale.md", "exec"), {"__name__": "docs_example"})


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--remote", required=True)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--group", action="append", default=[], help="NAME=JSON: {inputs, options, both}")
    parser.add_argument("--throughput-capture")
    parser.add_argument("--documentation", action="store_true", help="also run docs/scale.md's worked example")
    parser.add_argument("--accounting", help="the file the server's tasks account their CPU into (cpu_split)")
    arguments = parser.parse_args()

    spark = SparkSession.builder.remote(arguments.remote).getOrCreate()
    register(spark, arguments.binary)
    started = time.monotonic()
    all_same, records, helper_records = True, 0, 0
    for group in arguments.group:
        name, _, spec = group.partition("=")
        spec = json.loads(spec)
        same, count, helper_count = check_group(
            spark, arguments.binary, name, spec["inputs"], spec.get("options", {}), spec.get("both", True)
        )
        all_same, records, helper_records = all_same and same, records + count, helper_records + helper_count
    log(f"== records compared in {time.monotonic() - started:.0f} s")
    if arguments.documentation:
        run_documentation_example(arguments.remote, arguments.binary)
    summary = (
        f"same records as the local command: data source {records}, helper {helper_records} (inbox pages: data "
        "source only)"
        if all_same
        else "DIFFERENT records from the local command's: see above"
    )
    if arguments.throughput_capture:
        size, local_rate, spark_rate = throughput(spark, arguments.binary, arguments.throughput_capture)
        port = arguments.remote.rsplit(":", 1)[-1].split("/")[0]
        log(
            "== "
            + cpu_split(spark, arguments.binary, arguments.throughput_capture, port, accounting=arguments.accounting)
        )
        summary += (
            f"; {size / 1e6:.0f} MB capture: data source {spark_rate:.0f} MB/s, local classify --jobs 2 "
            f"{local_rate:.0f} MB/s, data source / local: {spark_rate / local_rate:.2f}x"
        )
    spark.stop()
    print(f"spark-connect-check: {summary}", flush=True)
    sys.exit(0 if all_same else 1)


if __name__ == "__main__":
    main()
