"""`spark.read.format("push_payloads")`: captures classified by push-payloads, as typed columns.

A Python data source (the DataSource API of Spark 4, Databricks Runtime 15.4+), so it works over Spark
Connect, where RDDs do not exist. The driver lists the inputs as `classify` does and cuts large uncompressed
files into line-aligned ranges (`inputs.plan`), counting the lines before each; every range or whole file is
one partition, whose task runs the command over exactly its bytes and yields Arrow record batches.
"""

import os

from pyspark.sql.datasource import DataSource, DataSourceReader, InputPartition

from . import command, inputs, records


class _Partition(InputPartition):
    def __init__(self, part, directory):
        super().__init__(None)
        self.part = part
        self.directory = directory


class PushPayloadsDataSource(DataSource):
    """Options: a path (or `paths`: a comma-separated list) of files and directories, as `classify` takes them;
    the command's options `senders`, `kind`, `payload`, `keep` (comma-separated), `platform` (comma-separated),
    `max_payload_bytes`, `max_depth`, `max_record_bytes`; and the reader's own: `binary` (the push-payloads
    shipped with `ship_binary`, default `push-payloads`), `split_bytes` (range size, default 64 MiB), `jobs`
    (the command's threads per task, default 1)."""

    @classmethod
    def name(cls):
        return "push_payloads"

    def schema(self):
        return records.spark_ddl(command.Settings(self.options).schema)

    def reader(self, schema):
        return PushPayloadsReader(self.options)


class PushPayloadsReader(DataSourceReader):
    def __init__(self, options):
        self.settings = command.Settings(options)
        paths = []
        if options.get("path"):
            paths.append(options["path"])
        if options.get("paths"):
            paths += _path_list(options["paths"])
        if not paths:
            raise ValueError('push_payloads: name the inputs: .load("capture/") or .option("paths", "a,b")')
        self.paths = paths

    def partitions(self):
        directory = os.getcwd()
        listed = inputs.list_inputs(self.paths, directory)
        return [_Partition(part, directory) for part in inputs.plan(listed, self.settings.split_bytes)]

    def read(self, partition):
        settings, part = self.settings, partition.part
        binary = command.resolve_binary(settings.binary)
        if part.is_whole:
            # The command opens the file itself (and decompresses it), by its name from the listing's directory,
            # so its records and messages name it as a local run's do.
            cwd = partition.directory if os.path.isdir(partition.directory) else None
            name = part.name if cwd else part.path
            run = command.Run([binary, *settings.classify("--", name)], cwd=cwd)
        else:
            feed = command.file_range_feed(part.path, part.start, part.length)
            more = ["--source-label", part.name, "--line-offset", str(part.lines_before), "-"]
            run = command.Run([binary, *settings.classify(*more)], feed=feed)
        schema = settings.schema
        for chunk in run.chunks():
            yield from records.parse(chunk, schema).to_batches()


def _path_list(value):
    if isinstance(value, (list, tuple)):
        return list(value)
    text = str(value)
    if text.startswith("["):
        import json

        return json.loads(text)
    return [item for item in text.split(",") if item]
