"""`classify_payloads(df, ...)`: payloads already in a table, classified by push-payloads through `mapInArrow`.

Each task hands its Arrow batches to the command as JSON Lines, a group of batches per run: the payload
column's own buffer with a line feed after each value, built by Arrow compute functions, never row by row.
A record's line number says which row it belongs to, so the row's other columns are taken from the batch
(`Table.take`) and put before the record's columns. A send request reaching several platforms gives several
rows; a null or blank payload gives none, as a blank line does.

A payload holding a line feed (a document written over several lines) would be cut in two: each line feed is
given to the command as a tab, which JSON reads as the same whitespace between values, at the same offsets.
Inside a string, where JSON allows neither unescaped, the payload is an error record either way (its
message names the tab).
"""

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
        stream = _json_lines(table.column(self.key_count))
        argv = [binary, *settings.classify("--source-label", "-", "--line-offset", str(_FIRST_LINE - 1), "-")]
        run = command.Run(argv, feed=command.buffer_feed(stream))
        schema = settings.schema
        record_names = [name for name in schema.names if name not in ("source", "line")]
        for chunk in run.chunks():
            parsed = records.parse(chunk, schema)
            rows = pc.subtract(parsed.column("line"), _FIRST_LINE)
            out = keys.take(rows)
            for name in record_names:
                out = out.append_column(schema.field(name), parsed.column(name))
            yield from out.to_batches()


def _json_lines(column):
    """The payloads as one JSON Lines buffer: each value (null as empty), line feeds as tabs, then a line feed."""
    column = column.combine_chunks() if isinstance(column, pa.ChunkedArray) else column
    large = pa.types.is_large_string(column.type) or pa.types.is_large_binary(column.type)
    binary = column.cast(pa.large_binary() if large else pa.binary())
    binary = pc.fill_null(binary, pa.scalar(b"", binary.type))
    binary = pc.replace_substring(binary, "\n", "\t")
    lines = pc.binary_join_element_wise(binary, pa.scalar(b"", binary.type), pa.scalar(b"\n", binary.type))
    if not isinstance(lines, pa.Array):
        lines = pa.array([lines.as_py()], binary.type)
    offsets = lines.offsets
    start, end = offsets[0].as_py(), offsets[len(offsets) - 1].as_py()
    return lines.buffers()[2][start:end] if end > start else b""
