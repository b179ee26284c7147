#!/usr/bin/env python3
"""Checks `push-payloads classify --format arrow` against `--format jsonl`, with pyarrow as the oracle.

    scripts/compare-arrow-records.py RECORDS.arrows RECORDS.jsonl [--kept] [--maximum-rows N]

Reads the Arrow IPC stream with `pyarrow.ipc.open_stream` (which validates every message and buffer) and
checks:

1. its schema is the Spark package's typed schema (`push_payloads_spark.records.record_schema`), field for
   field, names, types and nullability;
2. every batch is valid (`validate(full=True)`: offsets, UTF-8, bitmaps) and has at most N rows;
3. the table equals pyarrow's own parse of the JSON Lines with that schema (`records.parse`), column by
   column;
4. written back as the command's JSON Lines (`records.json_lines`), it gives the JSON Lines byte for byte.

Prints what differs and exits 1; prints `arrow records: N equal` and exits 0 when all holds.
"""

import argparse
import importlib.util
import os
import sys

import pyarrow as pa
import pyarrow.ipc as ipc

# The Spark package's records module alone (it needs pyarrow only; the package needs pyspark).
_RECORDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Spark", "push_payloads_spark", "records.py")
_spec = importlib.util.spec_from_file_location("push_payloads_records", _RECORDS)
records = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(records)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("arrow")
    parser.add_argument("jsonl")
    parser.add_argument("--kept", action="store_true", help="the records were written with --keep")
    parser.add_argument("--maximum-rows", type=int, default=1 << 16)
    arguments = parser.parse_args()

    schema = records.record_schema(kept=arguments.kept)
    with open(arguments.arrow, "rb") as file:
        reader = ipc.open_stream(file)
        if not reader.schema.equals(schema):
            print(f"schema differs:\n--- arrow\n{reader.schema}\n--- expected\n{schema}")
            return 1
        batches = list(reader)
        rest = file.read()
    if rest:
        print(f"{len(rest)} bytes after the end-of-stream marker")
        return 1
    for index, batch in enumerate(batches):
        batch.validate(full=True)
        if batch.num_rows > arguments.maximum_rows:
            print(f"batch {index}: {batch.num_rows} rows, more than {arguments.maximum_rows}")
            return 1
        if batch.num_rows == 0:
            print(f"batch {index}: empty")
            return 1
    table = pa.Table.from_batches(batches, schema)

    with open(arguments.jsonl, "rb") as file:
        text = file.read()
    parsed = records.parse(text, schema)
    if table.num_rows != parsed.num_rows:
        print(f"arrow has {table.num_rows} records, jsonl {parsed.num_rows}")
        return 1
    for name in schema.names:
        ours, theirs = table.column(name).combine_chunks(), parsed.column(name).combine_chunks()
        if not ours.equals(theirs):
            for row, (a, b) in enumerate(zip(ours.to_pylist(), theirs.to_pylist())):
                if a != b:
                    print(f"column {name}, record {row}: arrow {a!r}, jsonl {b!r}")
                    break
            else:
                print(f"column {name}: equal values, different arrays (null children?)")
            return 1

    lines = text.splitlines()
    written = records.json_lines(table)
    for row, (a, b) in enumerate(zip(written, lines)):
        if a != b:
            print(f"record {row} written back differs:\n  arrow: {a[:300]!r}\n  jsonl: {b[:300]!r}")
            return 1
    print(f"arrow records: {table.num_rows} equal, in {len(batches)} batches")
    return 0


if __name__ == "__main__":
    sys.exit(main())
