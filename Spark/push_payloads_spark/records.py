"""The records of `push-payloads classify` as typed Arrow columns, and back to the command's JSON Lines.

`docs/push-payloads.schema.json` defines the records: `record` for pushes (the default) and `inbox_record`
for `--kind inbox`. Each becomes one Arrow schema here, every field a column (a field a record leaves out
is null), the error a struct. `kept` (with `--keep`) holds the JSON text the command wrote for it, exactly:
its values are any JSON, which no one column type holds without losing how they were spelled.

Parsing is pyarrow's JSON reader over a whole chunk of the command's output at once, with the schema given,
so no Python runs per record. Writing records back (`json_lines`) is per record and only for checks.
"""

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.json as pa_json

ERROR = pa.struct(
    [
        ("code", pa.string()),
        ("offset", pa.int64()),
        ("key_path", pa.string()),
        ("message", pa.string()),
        # `classify --payload` only: where `offset` counts, `record` or `payload`.
        ("in", pa.string()),
    ]
)

#: `$defs/record`: one line of `classify`. `kind` and `platform` are set for a send request's records only.
PUSH_FIELDS = [
    ("source", pa.string()),
    ("line", pa.int64()),
    ("status", pa.string()),
    ("kind", pa.string()),
    ("platform", pa.string()),
    ("vendor", pa.string()),
    ("silent", pa.bool_()),
    ("ambiguous", pa.list_(pa.string())),
    ("shape", pa.string()),
    ("message_id", pa.string()),
    ("title", pa.string()),
    ("body", pa.string()),
    ("action", pa.string()),
    ("url", pa.string()),
    ("error", ERROR),
]

#: `$defs/inbox_record`: one line of `classify --kind inbox`.
INBOX_FIELDS = [
    ("source", pa.string()),
    ("line", pa.int64()),
    ("entry", pa.string()),
    ("status", pa.string()),
    ("kind", pa.string()),
    ("vendor", pa.string()),
    ("message_id", pa.string()),
    ("content_type", pa.string()),
    ("read", pa.bool_()),
    ("sent_at", pa.timestamp("us", tz="UTC")),
    ("expires_at", pa.timestamp("us", tz="UTC")),
    ("expired", pa.bool_()),
    ("title", pa.string()),
    ("body", pa.string()),
    ("action", pa.string()),
    ("url", pa.string()),
    ("issues", pa.list_(pa.string())),
    ("error", ERROR),
]

KEPT = ("kept", pa.string())


def record_schema(inbox=False, kept=False):
    """The Arrow schema of `classify`'s records: pushes, or inbox entries (`--kind inbox`), with `kept` or not."""
    fields = list(INBOX_FIELDS if inbox else PUSH_FIELDS)
    if kept:
        fields.append(KEPT)
    return pa.schema(fields)


_SPARK_TYPES = {
    pa.string(): "STRING",
    pa.int64(): "BIGINT",
    pa.bool_(): "BOOLEAN",
    pa.timestamp("us", tz="UTC"): "TIMESTAMP",
}


def spark_type(arrow_type):
    """The Spark SQL type (DDL) of one of these Arrow types."""
    if pa.types.is_struct(arrow_type):
        inner = ", ".join(f"`{field.name}`: {spark_type(field.type)}" for field in arrow_type)
        return f"STRUCT<{inner}>"
    if pa.types.is_list(arrow_type):
        return f"ARRAY<{spark_type(arrow_type.value_type)}>"
    return _SPARK_TYPES[arrow_type]


def spark_ddl(schema):
    """The schema as Spark DDL, for `DataSource.schema()` and `mapInArrow`."""
    return ", ".join(f"`{field.name}` {spark_type(field.type)}" for field in schema)


# The kept object is the record's last field, after fields whose strings hold no unescaped quote, so the first
# `,"kept":{` of a line is where it starts (RE2 finds the leftmost match).
_KEPT_PATTERN = r',"kept":(?P<kept>\{.*\})\}$'


def parse(chunk, schema, source=None):
    """The records of `chunk` (whole JSON Lines records of the command: bytes or a memoryview) as a table of
    `schema`.

    Columns of the schema that the command did not write in this chunk are null; `kept`, if the schema has it,
    is the text of the record's `kept` object. With `source`, every record's source is that name (the command
    was given a short placeholder instead: less to parse).
    """
    if not chunk:
        return schema.empty_table()
    has_kept = schema.get_field_index("kept") >= 0
    parsed_schema = pa.schema([field for field in schema if field.name != "kept"])
    table = pa_json.read_json(
        pa.BufferReader(chunk),
        read_options=pa_json.ReadOptions(use_threads=False, block_size=len(chunk) + 1),
        parse_options=pa_json.ParseOptions(
            explicit_schema=parsed_schema,
            # `kept`: read below as text.
            unexpected_field_behavior="ignore",
            newlines_in_values=False,
        ),
    )
    if has_kept:
        text = bytes(chunk).decode("utf-8")
        lines = pc.split_pattern(pa.scalar(text[:-1] if text.endswith("\n") else text), "\n").values
        kept = pc.struct_field(pc.extract_regex(lines, _KEPT_PATTERN), [0])
        table = table.append_column(KEPT[0], kept)
    if source is not None:
        table = table.set_column(0, schema.field(0), repeated(source, table.num_rows))
    table = table.select(schema.names)
    return table if table.schema.equals(schema) else table.cast(schema)


def repeated(text, count):
    """A string array of `count` times `text`, built from its buffers (`pa.repeat` of a string goes value by
    value: 0.2 CPU seconds per 200 MB capture)."""
    data = text.encode("utf-8")
    offsets = pa.array(range(0, len(data) * (count + 1), len(data)) if data else [0] * (count + 1), pa.int32())
    return pa.StringArray.from_buffers(count, offsets.buffers()[1], pa.py_buffer(data * count))


# --- Back to JSON Lines, byte for byte (for checks: one record at a time) ---

# The command's string escapes (OutputBuffer.appendJSONString): the two-character ones it knows, `\u00xx`
# (lowercase) for other control characters, everything else as it is.
_ESCAPES = {code: f"\\u{code:04x}" for code in range(0x20)}
_ESCAPES.update({0x22: '\\"', 0x5C: "\\\\", 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t", 0x08: "\\b", 0x0C: "\\f"})


def _string(value):
    return "null" if value is None else '"' + value.translate(_ESCAPES) + '"'


def _integer(value):
    return "null" if value is None else str(value)


def _boolean(value):
    return "true" if value else "false"


def _names(values):
    return "[" + ",".join(_string(value) for value in values) + "]"


def _timestamp(value):
    if value is None:
        return "null"
    return '"' + value.strftime("%Y-%m-%dT%H:%M:%S.") + f"{value.microsecond // 1000:03d}Z" + '"'


def _error(error):
    text = '{"code":' + _string(error["code"]) + ',"offset":' + _integer(error["offset"])
    if error["key_path"] is not None:
        text += ',"key_path":' + _string(error["key_path"])
    text += ',"message":' + _string(error["message"])
    if error["in"] is not None:
        text += ',"in":' + _string(error["in"])
    return text + "}"


def push_record_json(row):
    """One push record (a dict of `PUSH_FIELDS`, `kept` too) as the command writes it, without the line feed."""
    text = '{"source":' + _string(row["source"]) + ',"line":' + _integer(row["line"])
    if row["status"] == "error":
        text += ',"status":"error","error":' + _error(row["error"])
    else:
        text += ',"status":' + _string(row["status"])
        if row["kind"] is not None or row["platform"] is not None:
            text += ',"kind":' + _string(row["kind"]) + ',"platform":' + _string(row["platform"])
        text += ',"vendor":' + _string(row["vendor"]) + ',"silent":' + _boolean(row["silent"])
        text += ',"ambiguous":' + _names(row["ambiguous"]) + ',"shape":' + _string(row["shape"])
        for name in ("message_id", "title", "body", "action", "url"):
            text += f',"{name}":' + _string(row[name])
    if row.get("kept") is not None:
        text += ',"kept":' + row["kept"]
    return text + "}"


def inbox_record_json(row):
    """One inbox record (a dict of `INBOX_FIELDS`) as the command writes it, without the line feed."""
    text = '{"source":' + _string(row["source"]) + ',"line":' + _integer(row["line"])
    text += ',"entry":' + _string(row["entry"]) + ',"status":' + _string(row["status"])
    text += ',"kind":' + _string(row["kind"])
    if row["status"] == "error":
        return text + ',"error":' + _error(row["error"]) + "}"
    text += ',"vendor":' + _string(row["vendor"]) + ',"message_id":' + _string(row["message_id"])
    text += ',"content_type":' + _string(row["content_type"]) + ',"read":' + _boolean(row["read"])
    text += ',"sent_at":' + _timestamp(row["sent_at"]) + ',"expires_at":' + _timestamp(row["expires_at"])
    text += ',"expired":' + _boolean(row["expired"])
    for name in ("title", "body", "action", "url"):
        text += f',"{name}":' + _string(row[name])
    return text + ',"issues":' + _names(row["issues"]) + "}"


def json_lines(table):
    """The records of a table of `record_schema()` (or inbox) as the command's JSON Lines, one `bytes` each."""
    write = inbox_record_json if "entry" in table.column_names else push_record_json
    return [write(row).encode("utf-8") for row in table.to_pylist()]
