#!/usr/bin/env python3
"""Writes the inputs of scripts/spark-connect-check.sh into a folder:

- edges/: what text tools get wrong, each in a file of its own (cut by the check into 16-byte ranges, so that
  every line start is a range start somewhere): a byte-order mark, invalid UTF-8, a lone CR inside a line and
  between two payloads, CRLF, blank and whitespace lines, a last line without a line feed, a line over the
  payload limit, a .jsonl.gz and a .jsonl.zst of all of them, and a .json document over several lines;
- capture/capture.jsonl: the corpus captures and the edge lines repeated to 24 MB, after a byte-order mark;
- records/records.jsonl: log records with the payload inside as a JSON string (for --payload and --keep);
- throughput/capture.jsonl: the corpus captures repeated to MEGABYTES (none when 0).
"""

import gzip
import json
import os
import shutil
import subprocess
import sys

folder, megabytes = sys.argv[1], float(sys.argv[2])
for name in ("edges", "capture", "records", "throughput"):
    shutil.rmtree(os.path.join(folder, name), ignore_errors=True)
    os.makedirs(os.path.join(folder, name))


def write(name, data):
    with open(os.path.join(folder, name), "wb") as file:
        file.write(data)


captures = b"".join(
    open(f"Corpus/captures/{name}.jsonl", "rb").read() for name in ("sample", "mixed-errors", "send-requests")
)
push = b'{"aps":{"alert":"Hello"},"mcID":"31:a:ot:b:1"}'
edges = {
    "bom.jsonl": b"\xef\xbb\xbf" + push + b"\n" + push + b"\n",
    "invalid-utf8.jsonl": b'{"aps":{"alert":"caf\xe9"}}\n'
    + b'{"aps":{"alert":"\xff\xfe"}}\n'
    + b'{"aps":{"alert":"\xc0\xaf overlong"}}\n'
    + b'{"aps":{"alert":"cut \xe2\x82"}}\n'
    + b'{"aps":{"alert":"ok \xe2\x82\xac"}}\n',
    "lone-cr.jsonl": b'{"aps":{}}\r{"mcID":"x"}\n' + b'{"aps":{"alert":"a\rb"}}\n' + push + b"\r\r\n" + push + b"\n",
    "crlf.jsonl": push + b"\r\n" + b'{"aps":{"content-available":1}}\r\n' + b"\r\n" + push + b"\r\n",
    "blank.jsonl": b"\n\n" + push + b"\n   \n\t\n" + push + b"\n\n" + push,
    "too-large.jsonl": b'{"aps":{"alert":"' + b"x" * 70_000 + b'"}}\n' + push + b"\n",
    "document.json": b'{\n  "aps": {\n    "alert": "over\\nseveral lines"\n  },\n  "mcID": "31:a:ot:b:1"\n}\n',
}
for name, data in edges.items():
    write(f"edges/{name}", data)
every_edge = b"".join(data if data.endswith(b"\n") else data + b"\n" for name, data in edges.items() if name.endswith("l"))
with gzip.open(os.path.join(folder, "edges/hourly.jsonl.gz"), "wb") as file:
    file.write(every_edge)
if shutil.which("zstd"):
    subprocess.run(["zstd", "-q", "-o", os.path.join(folder, "edges/hourly.jsonl.zst")], input=every_edge, check=True)

unit = captures + b"".join(data for name, data in edges.items() if name.endswith("l") and name != "too-large.jsonl")
with open(os.path.join(folder, "capture/capture.jsonl"), "wb") as file:
    file.write(b"\xef\xbb\xbf")
    for _ in range(int(24e6 // len(unit)) + 1):
        file.write(unit)

with open(os.path.join(folder, "records/records.jsonl"), "w", encoding="utf-8") as file:
    lines = (captures * 200).decode("utf-8", "replace").splitlines()[:8000]
    for number, line in enumerate(lines):
        record = {"ts": f"2024-05-01T10:{number % 60:02}:00Z", "device": {"id": f"d{number}", "n": number}}
        if number % 7 != 3:
            record["request"] = {"body": line}
        file.write(json.dumps(record) + "\n")

if megabytes > 0:
    with open(os.path.join(folder, "throughput/capture.jsonl"), "wb") as file:
        for _ in range(int(megabytes * 1e6 // len(captures)) + 1):
            file.write(captures)
