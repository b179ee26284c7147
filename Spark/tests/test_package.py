"""Tests of push_payloads_spark that need no Spark: records, listing, cutting, running the command, the helper's
function over Arrow batches. Tests that run the command need PUSH_PAYLOADS (a push-payloads binary); the
check over Spark Connect is scripts/spark-connect-check.sh."""

import gzip
import json
import os
import random
import subprocess

import pyarrow as pa
import pytest

from push_payloads_spark import command, inputs, records
from push_payloads_spark.datasource import range_arguments
from push_payloads_spark.frames import _Classifier, _json_lines

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.environ.get("PUSH_PAYLOADS")
needs_binary = pytest.mark.skipif(not BINARY, reason="PUSH_PAYLOADS names no push-payloads binary")
EXPECTED = sorted(
    os.path.join(ROOT, "Corpus/captures", name)
    for name in os.listdir(os.path.join(ROOT, "Corpus/captures"))
    if name.endswith(".expected.jsonl")
)


def classify(*arguments, cwd=ROOT, stdin=None):
    run = subprocess.run([BINARY, "classify", "--quiet", *arguments], cwd=cwd, input=stdin, capture_output=True)
    assert run.returncode in (0, 1), run.stderr
    return run.stdout


# --- records ---


@pytest.mark.parametrize("path", EXPECTED, ids=os.path.basename)
def test_records_round_trip_byte_for_byte(path):
    data = open(path, "rb").read()
    table = records.parse(data, records.record_schema())
    assert table.num_rows == len(data.splitlines())
    assert records.json_lines(table) == data.splitlines()


def test_kept_is_the_text_the_command_wrote():
    line = (
        b'{"source":"a","line":1,"status":"error","error":{"code":"invalid_json","offset":0,'
        b'"message":"x,\\"kept\\":{"},"kept":{"/a":{"kept":{"b":"}"}},"/n":1.50}}\n'
    )
    table = records.parse(line, records.record_schema(kept=True))
    assert table.column("kept").to_pylist() == ['{"/a":{"kept":{"b":"}"}},"/n":1.50}']
    assert records.json_lines(table) == [line[:-1]]


def test_strings_escaped_as_the_command_escapes_them():
    row = dict.fromkeys(records.record_schema().names)
    row.update(source="s", line=None, status="ok", vendor="unknown", silent=False, ambiguous=[], shape="apns")
    row.update(title='\x00\x1f"\\\n\r\t\b\f\x7f é', action="open_app")
    assert records.push_record_json(row).endswith(
        '"title":"\\u0000\\u001f\\"\\\\\\n\\r\\t\\b\\f\x7f é","body":null,"action":"open_app","url":null}'
    )


def test_spark_schema():
    ddl = records.spark_ddl(records.record_schema(kept=True))
    assert ddl.startswith("`source` STRING, `line` BIGINT, `status` STRING")
    assert "`ambiguous` ARRAY<STRING>" in ddl and ddl.endswith("`in`: STRING>, `kept` STRING")
    assert "`sent_at` TIMESTAMP" in records.spark_ddl(records.record_schema(inbox=True))


# --- listing and cutting ---


@needs_binary
@pytest.mark.parametrize("argument", ["Corpus", "Corpus/", "Corpus/captures/sample.jsonl"])
def test_listing_in_the_commands_order(argument):
    sources = []
    for line in classify(argument).splitlines():
        source = records.parse(line + b"\n", records.record_schema()).column("source")[0].as_py()
        if not sources or sources[-1] != source:
            sources.append(source)
    listed = [input_.name for input_ in inputs.list_inputs([argument], ROOT)]
    # Inputs without a payload give no record.
    assert [name for name in listed if name in sources] == sources
    assert len(listed) - len(sources) <= 2


def test_listing_refuses_what_cannot_be_read(tmp_path):
    with pytest.raises(inputs.InputListingError, match="missing"):
        inputs.list_inputs(["missing"], str(tmp_path))
    with pytest.raises(inputs.InputListingError):
        inputs.list_inputs(["-"], str(tmp_path))


def test_plan_cuts_equal_ranges_in_an_even_number_and_packs_small_files(tmp_path):
    (tmp_path / "big.jsonl").write_bytes(b"".join(b'{"n":%d}\n' % n for n in range(1000)))
    for name in ("a.json", "b.jsonl", "c.jsonl"):
        (tmp_path / name).write_bytes(b"{}\n")
    with gzip.open(tmp_path / "d.jsonl.gz", "wb") as file:
        file.write(b"{}\n" * 100)
    parts = inputs.plan(inputs.list_inputs(["."], str(tmp_path)), 1000)
    whole = [part for part in parts if part.is_whole]
    assert [[name for name, _ in part.files] for part in whole] == [
        ["./a.json", "./b.jsonl"],
        ["./c.jsonl", "./d.jsonl.gz"],
    ]
    data = (tmp_path / "big.jsonl").read_bytes()
    for split_bytes in (1000, 2000):
        parts = inputs.plan(inputs.list_inputs(["big.jsonl"], str(tmp_path)), split_bytes)
        # The ranges tile the file, in an even number.
        assert [part.start for part in parts] == [0] + [part.start + part.length for part in parts[:-1]]
        assert sum(part.length for part in parts) == len(data) and len(parts) % 2 == 0
        if len(parts) <= inputs.TASK_COUNTED_RANGES:
            # Few: equal lengths, and each task's command finds its lines and counts those before them.
            assert max(part.length for part in parts) - min(part.length for part in parts) <= 1
            assert all(part.lines_before is None for part in parts)
        else:
            # Many: cut at line starts, the lines before each counted once by the driver.
            assert len(parts) >= 9
            for part in parts:
                assert part.start == 0 or data[part.start - 1 : part.start] == b"\n"
                assert part.lines_before == data[: part.start].count(b"\n")


# --- the command ---


@needs_binary
def test_ranges_give_the_records_of_the_whole_file(tmp_path):
    data = b"\xef\xbb\xbf" + b"".join(
        open(os.path.join(ROOT, "Corpus/captures", name), "rb").read()
        for name in ("sample.jsonl", "mixed-errors.jsonl", "send-requests.jsonl")
    ) + b'{"aps":{}}\r{"mcID":"x"}\r\n\n{"aps":{"alert":"caf\xe9"}}'
    path = tmp_path / "capture.jsonl"
    path.write_bytes(data)
    settings = command.Settings({})
    whole = classify("--jobs", "1", "capture.jsonl", cwd=tmp_path).splitlines()
    generator = random.Random(11)
    listed = inputs.list_inputs(["capture.jsonl"], str(tmp_path))
    # Ranges as the data source plans them (many, counted by the driver; few, counted by the command), and ranges
    # of random lengths (1 byte to a few lines, empty ones too).
    many, few = inputs.plan(listed, 97), inputs.plan(listed, len(data) // 3)
    assert len(many) > inputs.TASK_COUNTED_RANGES and len(few) == 4
    tiled, start = [], 0
    while start < len(data):
        length = min(len(data) - start, generator.choice([0, 1, 2, 5, 40, 300]))
        tiled.append(inputs.Part(listed[0], start, length))
        start += length
    for parts in (many, few, tiled):
        batches = []
        for part in parts:
            more = [*range_arguments(part), "--", "capture.jsonl"]
            batches += settings.record_batches(command.Run([BINARY, *settings.classify(*more)], cwd=tmp_path))
        assert records.json_lines(pa.Table.from_batches(batches, settings.schema)) == whole


@needs_binary
@pytest.mark.parametrize("options", [{}, {"senders": "all"}, {"payload": "/p", "keep": "/k,/missing"}])
def test_arrow_batches_are_the_json_lines_records(tmp_path, options):
    lines = open(os.path.join(ROOT, "Corpus/captures/send-requests.jsonl"), "rb").read().splitlines()
    lines += open(os.path.join(ROOT, "Corpus/captures/mixed-errors.jsonl"), "rb").read().splitlines()
    if "payload" in options:
        import json

        lines = [b'{"k":%d,"p":%s}' % (n, json.dumps(line.decode("utf-8", "replace")).encode()) for n, line in
                 enumerate(lines)] + [b'{"k":[1, 2.50]}', b"{"]
    (tmp_path / "in.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    settings = command.Settings(options)
    assert settings.arrow and "arrow" in settings.classify()
    run = command.Run([BINARY, *settings.classify("in.jsonl")], cwd=tmp_path)
    table = pa.Table.from_batches(list(settings.record_batches(run)), settings.schema)
    local = classify(*settings.arguments, "in.jsonl", cwd=tmp_path)
    assert table.equals(records.parse(local, settings.schema))
    assert records.json_lines(table) == local.splitlines()


@needs_binary
def test_inbox_records_are_still_parsed_from_json_lines():
    settings = command.Settings({"kind": "inbox"})
    assert not settings.arrow and "arrow" not in settings.classify()
    run = command.Run([BINARY, *settings.classify("Corpus/inbox")], cwd=ROOT)
    table = pa.Table.from_batches(list(settings.record_batches(run)), settings.schema)
    assert records.json_lines(table) == classify("--kind", "inbox", "Corpus/inbox").splitlines()


@needs_binary
@pytest.mark.parametrize("arrow", [False, True])
def test_status_74_raises_the_commands_message(tmp_path, arrow):
    (tmp_path / "cut.jsonl.gz").write_bytes(gzip.compress(b'{"aps":{}}\n' * 100_000)[:-20])
    settings = command.Settings({})
    output = ["--format", "arrow"] if arrow else []
    run = command.Run([BINARY, "classify", "--quiet", *output, "cut.jsonl.gz"], cwd=tmp_path)
    with pytest.raises(command.CommandError, match="status 74: .*cut.jsonl.gz"):
        list(run.batches(settings.schema) if arrow else run.chunks())


@needs_binary
@pytest.mark.parametrize("arrow", [False, True])
def test_a_bad_option_raises_the_commands_message(arrow):
    settings = command.Settings({"senders": "some"})
    run = command.Run([BINARY, *settings.classify("-")], feed=command.buffer_feed(b""))
    with pytest.raises(command.CommandError, match="status 64: .*'some'"):
        list(run.batches(settings.schema) if arrow else run.chunks())


@needs_binary
def test_a_stream_of_another_schema_is_refused():
    settings = command.Settings({"keep": "/a"})
    run = command.Run([BINARY, *command.Settings({}).classify("-")], feed=command.buffer_feed(b"{}\n"))
    with pytest.raises(RuntimeError, match="another schema"):
        list(run.batches(settings.schema))


def test_unknown_options_are_refused():
    with pytest.raises(ValueError, match="unknown option maxpayloadbytes"):
        command.Settings({"maxPayloadBytes": "1"})
    settings = command.Settings({"Max-Payload-Bytes": "9", "keep": "/a,/b", "platform": "ios"})
    assert settings.classify("-") == [
        "classify", "--quiet", "--jobs", "1", "--format", "arrow", "--max-payload-bytes", "9", "--keep", "/a",
        "--keep", "/b", "--platform", "ios", "-",
    ]


# --- the helper's function, over Arrow batches as mapInArrow gives them ---


def test_json_lines_buffer_of_a_sliced_column():
    column = pa.array(["x", None, "{}", "a\tb", "z"], pa.string()).slice(1, 3)
    from push_payloads_spark.frames import _as_binary

    assert bytes(_json_lines(_as_binary(column))) == b"\n{}\na\tb\n"


@needs_binary
def test_helper_function_gives_the_local_records():
    lines = open(os.path.join(ROOT, "Corpus/captures/send-requests.jsonl"), "rb").read().splitlines()
    payloads = lines + [b"\xef\xbb\xbf{}", b"", b"  ", None, b'{"aps":\n{"alert":"a\nb"}}', b"\x1f\x8b{}"]
    keys = pa.array(range(len(payloads)), pa.int64())
    batch = pa.RecordBatch.from_arrays([keys, pa.array(payloads, pa.binary())], ["id", "payload"])
    out = pa.Table.from_batches(list(_Classifier({"binary": BINARY}, 1)(iter([batch.slice(0, 4), batch.slice(4)]))))
    assert out.column_names[:3] == ["id", "status", "kind"]
    by_row = {}
    for row in out.to_pylist():
        by_row.setdefault(row.pop("id"), []).append(row)
    for index, payload in enumerate(payloads):
        if payload is None:
            assert index not in by_row
            continue
        if b"\n" in payload or not payload.strip(b" \t\r"):
            expected = _document_records(payload)
        else:
            expected = classify("--line-offset", "1", "-", stdin=payload + b"\n")
        parsed = records.parse(expected, records.record_schema()).to_pylist()
        for row in parsed:
            del row["source"], row["line"]
        assert by_row[index] == parsed, payload


def _document_records(payload):
    import tempfile

    with tempfile.TemporaryDirectory() as directory:
        with open(os.path.join(directory, "p.json"), "wb") as file:
            file.write(payload)
        return classify("p.json", cwd=directory)


def test_a_repeated_name_is_every_row_s_string():
    for text, count in (("capture/2024-05-01.jsonl", 3), ("caf\u00e9 \ufffd", 2), ("", 4), ("x", 0)):
        array = records.repeated(text, count)
        array.validate(full=True)
        assert array.type == pa.string() and array.to_pylist() == [text] * count




@needs_binary
def test_a_task_accounts_its_commands_and_its_own_cpu_exactly(tmp_path, monkeypatch):
    """With PUSH_PAYLOADS_SPARK_ACCOUNTING set, a task appends one line: the command's wait4 rusage, the worker's
    own; unset, nothing is written and the run is reaped as before."""
    (tmp_path / "in.jsonl").write_bytes(b'{"aps":{"alert":"hi"}}\n' * 20_000)
    settings = command.Settings({})
    path = tmp_path / "accounting.jsonl"
    monkeypatch.setenv(command.ACCOUNTING_VARIABLE, str(path))
    accounting = command.TaskAccounting("data source")
    run = command.Run([BINARY, *settings.classify("in.jsonl")], cwd=tmp_path, accounting=accounting)
    rows = sum(batch.num_rows for batch in settings.record_batches(run))
    accounting.finish()
    assert rows == 20_000 and run.process.returncode == 0
    (line,) = path.read_text().splitlines()
    task = json.loads(line)
    assert task["kind"] == "data source" and task["pid"] == os.getpid()
    (used,) = task["commands"]
    assert used["user"] + used["sys"] > 0 and used["minflt"] > 0
    assert set(task["python"]) == {"user", "sys", "minflt", "majflt", "nvcsw", "nivcsw"}
    monkeypatch.delenv(command.ACCOUNTING_VARIABLE)
    quiet = command.TaskAccounting("data source")
    run = command.Run([BINARY, *settings.classify("in.jsonl")], cwd=tmp_path, accounting=quiet)
    assert sum(batch.num_rows for batch in settings.record_batches(run)) == 20_000
    quiet.finish()
    assert len(path.read_text().splitlines()) == 1 and quiet.commands == []
