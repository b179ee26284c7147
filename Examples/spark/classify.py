#!/usr/bin/env python3
"""Classify captures with push-payloads under Apache Spark (RDD.pipe), byte for byte as a local run.

    python3 Examples/spark/classify.py --binary .build/release/push-payloads --output out/ capture/

Inputs are files or directories (every .json, .jsonl, .json.gz and .jsonl.gz file inside, as
`push-payloads classify DIR` reads them). Each uncompressed file is cut into byte ranges of about
--split-mb; a compressed or .json file is one task (gzip cannot be cut). Where a cut falls inside a
line, the line goes to the range it starts in, as Hadoop's text input does.

Line numbers: a first Spark job counts the line breaks of every range; their running totals give the
number of lines before each range, which its task passes to `classify --line-offset`, with the file's
name as `--source-label`. So every record names its file and line exactly as a local run does, and
the ranges' records, in partition order, are the records of the local run in order.

The tasks read their bytes themselves (Examples/spark/classify-part.sh, through `dd`), so the names
must be readable on every executor (here the one local machine; on a cluster a shared filesystem).
Spark's own text reading is not used: it decodes lines as UTF-8 and repairs invalid bytes, which
would hide the invalid_utf8 errors a capture may hold.

See docs/scale.md for running it on a cluster.
"""

import argparse
import os
import sys

from pyspark import SparkConf, SparkContext

SUFFIXES = (".json", ".jsonl", ".json.gz", ".jsonl.gz", ".json.zst", ".jsonl.zst")
MAGIC = (b"\x1f\x8b", b"\x28\xb5\x2f\xfd")  # gzip, zstd


def list_inputs(arguments):
    """(base directory, name) of every input, in the order push-payloads reads them."""
    base = os.getcwd()
    inputs = []
    for argument in arguments:
        if os.path.isdir(argument):
            found = []
            for root, _, files in os.walk(argument):
                for file in files:
                    if file.endswith(SUFFIXES):
                        found.append(os.path.join(root, file))
            # push-payloads sorts a directory's paths by their bytes.
            inputs += sorted(found, key=os.fsencode)
        else:
            inputs.append(argument)
    return [(base, name) for name in inputs]


def whole_file(base, name):
    """A compressed or .json file is one task."""
    path = os.path.join(base, name)
    with open(path, "rb") as file:
        head = file.read(4)
    return name.endswith(".json") or any(head.startswith(magic) for magic in MAGIC)


def align(file, position, size):
    """The first line start at or after `position`: 0, the byte after a line feed, or the end."""
    if position <= 0 or position >= size:
        return max(0, min(position, size))
    file.seek(position - 1)
    while True:
        chunk = file.read(1 << 16)
        if not chunk:
            return size
        found = chunk.find(b"\n")
        if found >= 0:
            return file.tell() - len(chunk) + found + 1


def measure(task):
    """Runs on an executor: the range's first line start, its end, and the line feeds in between."""
    base, name, start, end = task
    path = os.path.join(base, name)
    size = os.path.getsize(path)
    with open(path, "rb") as file:
        first, last = align(file, start, size), align(file, end, size)
        file.seek(first)
        remaining, lines = last - first, 0
        while remaining > 0:
            chunk = file.read(min(remaining, 1 << 22))
            if not chunk:
                break
            lines += chunk.count(b"\n")
            remaining -= len(chunk)
    return (base, name, first, last - first, lines)


def plan(sc, inputs, split_bytes):
    """The tasks: (base, name, first byte, length or -1, lines before), in input order."""
    ranges, wholes = [], {}
    for index, (base, name) in enumerate(inputs):
        if whole_file(base, name):
            wholes[index] = (base, name, 0, -1, 0)
            continue
        size = os.path.getsize(os.path.join(base, name))
        for start in range(0, max(size, 1), split_bytes):
            ranges.append((index, (base, name, start, start + split_bytes)))
    measured = []
    if ranges:
        tasks = [task for _, task in ranges]
        measured = sc.parallelize(tasks, len(tasks)).map(measure).collect()
    per_input = {}
    for (index, _), (base, name, first, length, lines) in zip(ranges, measured):
        per_input.setdefault(index, []).append((first, length, lines))
    plan = []
    for index, (base, name) in enumerate(inputs):
        if index in wholes:
            plan.append(wholes[index])
            continue
        before = 0
        for first, length, lines in per_input.get(index, []):
            if length > 0:
                plan.append((base, name, first, length, before))
            before += lines
    return plan


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", help="files or directories, as for push-payloads classify")
    parser.add_argument("--binary", required=True, help="the push-payloads binary")
    parser.add_argument("--master", default="local[2]", help="Spark master (default: local[2])")
    parser.add_argument("--split-mb", type=float, default=32, help="bytes per task of an uncompressed file")
    parser.add_argument("--output", help="write the records here: a directory of part files, in order")
    parser.add_argument("--collect", help="or: collect them into this one file, in order")
    parser.add_argument("--classify-args", default="", help="more options for classify, e.g. '--keep /ts'")
    arguments = parser.parse_args()

    here = os.path.dirname(os.path.abspath(__file__))
    conf = SparkConf().setAppName("push-payloads classify").setMaster(arguments.master)
    conf.set("spark.ui.enabled", "false")
    conf.set("spark.ui.showConsoleProgress", "false")
    sc = SparkContext(conf=conf)
    sc.setLogLevel("WARN")
    try:
        tasks = plan(sc, list_inputs(arguments.inputs), max(1, int(arguments.split_mb * 1e6)))
        print(f"classify.py: {len(tasks)} tasks", file=sys.stderr)
        lines = ["\t".join(str(field) for field in task) for task in tasks]
        environment = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "PUSH_PAYLOADS": os.path.abspath(arguments.binary),
            "PUSH_PAYLOADS_ARGS": arguments.classify_args,
        }
        # One task line per partition; classify-part.sh's output lines are the partition's records.
        records = sc.parallelize(lines, max(1, len(lines))).pipe(
            "sh " + os.path.join(here, "classify-part.sh"), env=environment, checkCode=True
        )
        if arguments.output:
            records.saveAsTextFile(arguments.output)
        else:
            output = open(arguments.collect, "w", encoding="utf-8") if arguments.collect else sys.stdout
            for record in records.toLocalIterator():
                output.write(record + "\n")
            if arguments.collect:
                output.close()
    finally:
        sc.stop()


if __name__ == "__main__":
    main()
