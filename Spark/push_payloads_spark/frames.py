"""`classify_payloads(df, ...)`: payloads already in a table, classified by push-payloads through `mapInArrow`.

Each task hands its Arrow batches to the command as JSON Lines, a group of batches per run: the payload
column's own buffer with a line feed after each value, built by Arrow compute functions, never row by row.
The command writes its records back as Arrow (`classify --format arrow`). A record's line number says which
row it belongs to, so the row's other columns are taken from the batch (`Table.take`) and put before the
record's columns. A send request reaching several platforms gives several
rows. Every payload but a null one gives at least one record.

A payload is classified as `classify` classifies it as a line of a JSON Lines file (a trailing CR dropped,
as in CRLF); a null payload gives no record. A payload that no line can hold is classified as a `.json`
document instead, written to a file of its own which the command reads whole (a per-row step, for those rows
only): one holding a line feed (a document written over several lines), and a blank one, which a line would
skip but a row must not (its record is the error `the input is empty` or `holds only whitespace`).
"""

import os
import tempfile

import pyarrow as pa
import pyarrow.compute as pc

from . import command, records

# Payload bytes per run of the command: a few runs per task, each long enough that starting one costs little.
GROUP_BYTES = 32 << 20
# Records are numbered from 2 (`--line-offset 1`): a run's first payload is read as the middle of a text,
# so a first row starting with a byte-order mark or gzip's magic bytes is read like any other row.
_FIRST_LINE = 2


def classify_payloads(df, payload="payload", columns=None, **options):
    """Classifies the JSON payloads of column `payload` (string or binary) of `df`.

    Returns a DataFrame of `columns` (default: every column but the payload) followed by the record's typed
    columns (`status`, `kind`, `platform`, `vendor`, `silent`, ..., `error`, and `kept` with `keep`), without
    `source` and `line`: the row's own columns say which payload a record is of. `options` are the data
    source's (`senders`, `kind`, `payload` as `payload_pointer`, `keep`, `platform`, limits, `binary`, `jobs`).
    """
    if "payload" in {key.lower() for key in options}:
        raise ValueError("classify_payloads: the JSON Pointer option is payload_pointer (payload names the column)")
    if "payload_pointer" in options:
        options["payload"] = options.pop("payload_pointer")
    settings = command.Settings(options)
    if settings.inbox:
        raise ValueError("classify_payloads: kind=inbox reads pages, not rows: use the data source")
    if payload not in df.columns:
        raise ValueError(f"classify_payloads: no column {payload!r} in {df.columns}")
    kept_columns = [name for name in (columns if columns is not None else df.columns) if name != payload]
    record_fields = [field for field in settings.schema if field.name not in ("source", "line")]
    clashes = sorted({field.name for field in record_fields} & set(kept_columns))
    if clashes:
        raise ValueError(f"classify_payloads: columns {clashes} are also record fields: rename them first")
    selected = df.select(*kept_columns, payload)
    key_ddl = ", ".join(f"`{field.name}` {field.dataType.simpleString()}" for field in selected.schema.fields[:-1])
    record_ddl = records.spark_ddl(pa.schema(record_fields))
    ddl = f"{key_ddl}, {record_ddl}" if key_ddl else record_ddl
    return selected.mapInArrow(_Classifier(settings.options, len(kept_columns)), ddl)


class _Classifier:
    """The function `mapInArrow` runs: picklable, holding only the options."""

    def __init__(self, options, key_count):
        self.options = options
        self.key_count = key_count

    def __call__(self, batches):
        settings = command.Settings(self.options)
        binary = command.resolve_binary(settings.binary)
        group, size = [], 0
        for batch in batches:
            group.append(batch)
            size += batch.column(batch.num_columns - 1).nbytes
            if size >= GROUP_BYTES:
                yield from self._classify(binary, settings, group)
                group, size = [], 0
        if group:
            yield from self._classify(binary, settings, group)

    def _classify(self, binary, settings, group):
        table = pa.Table.from_batches(group)
        keys = table.select(range(self.key_count))
        payloads = _as_binary(table.column(self.key_count))
        # Documents: payloads with a line feed, and blank ones (which a line would skip: a row's is an error).
        multiline = pc.fill_null(pc.match_substring_regex(payloads, "\n|^[ \t\r]*$"), False)
        schema = settings.schema
        record_names = [name for name in schema.names if name not in ("source", "line")]
        documents, original = pc.indices_nonzero(multiline), payloads
        if len(documents):
            # Their lines are left blank in the stream: they give no record there.
            payloads = pc.if_else(multiline, pa.scalar(b"", payloads.type), payloads)
        argv = [binary, *settings.classify("--source-label", "-", "--line-offset", str(_FIRST_LINE - 1), "-")]
        run = command.Run(argv, feed=command.buffer_feed(_json_lines(payloads)))
        for parsed in settings.record_batches(run):
            yield from _rows(keys, pc.subtract(parsed.column("line"), _FIRST_LINE), parsed, schema, record_names)
        if len(documents):
            yield from self._classify_documents(binary, settings, keys, original, documents)

    def _classify_documents(self, binary, settings, keys, payloads, rows):
        schema = settings.schema
        record_names = [name for name in schema.names if name not in ("source", "line")]
        with tempfile.TemporaryDirectory(prefix="push-payloads-documents-") as directory:
            for row in rows.to_pylist():
                with open(os.path.join(directory, f"{row:012d}.json"), "wb") as file:
                    file.write(payloads[row].as_buffer())
            run = command.Run([binary, *settings.classify("--", ".")], cwd=directory)
            for parsed in settings.record_batches(run):
                # Sources are ./NNNNNNNNNNNN.json: the row's number.
                numbers = pc.cast(pc.utf8_slice_codeunits(parsed.column("source"), 2, 14), pa.int64())
                yield from _rows(keys, numbers, parsed, schema, record_names)


def _rows(keys, rows, parsed, schema, record_names):
    """Each record with the columns of the row it is of, as record batches."""
    out = keys.take(rows)
    for name in record_names:
        out = out.append_column(schema.field(name), parsed.column(name))
    return out.to_batches()


def _as_binary(column):
    column = column.combine_chunks() if isinstance(column, pa.ChunkedArray) else column
    large = pa.types.is_large_string(column.type) or pa.types.is_large_binary(column.type)
    return column.cast(pa.large_binary() if large else pa.binary())


def _json_lines(payloads):
    """The payloads (binary) as one JSON Lines buffer: each value (null as empty), then a line feed."""
    lines = pc.binary_join_element_wise(
        pc.fill_null(payloads, pa.scalar(b"", payloads.type)),
        pa.scalar(b"", payloads.type),
        pa.scalar(b"\n", payloads.type),
    )
    _, offsets, data = lines.buffers()
    width = 8 if pa.types.is_large_binary(lines.type) else 4

    def offset(index):
        position = (lines.offset + index) * width
        return int.from_bytes(offsets[position : position + width].to_pybytes(), "little", signed=True)

    start, end = offset(0), offset(len(lines))
    return data[start:end] if end > start else b""
