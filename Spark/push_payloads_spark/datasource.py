"""`spark.read.format("push_payloads")`: captures classified by push-payloads, as typed columns.

A Python data source (the DataSource API of Spark 4, Databricks Runtime 15.4+), so it works over Spark
Connect, where RDDs do not exist. The driver lists the inputs as `classify` does and cuts large uncompressed
files into line-aligned ranges (`inputs.plan`), counting the lines before each; every range or whole file is
one partition, whose task runs the command over exactly its bytes and yields the Arrow record batches it
writes (`classify --format arrow`) as they come.
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
    shipped with `ship_binary`, default `push-payloads`), `split_bytes` (range size, default 32 MiB), `jobs`
    (the command's threads per task, default 1), `base` (the directory relative paths are read from; default:
    the one Spark was started in). Records name each input as `classify` would: the path as given, then the
    path inside a directory."""

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
        _check_options(self.settings)
        directory = self.settings.options.get("base") or _launch_directory()
        listed = inputs.list_inputs(self.paths, directory)
        return [_Partition(part, directory) for part in inputs.plan(listed, self.settings.split_bytes)]

    def read(self, partition):
        settings, part = self.settings, partition.part
        binary = command.resolve_binary(settings.binary)
        if part.is_whole:
            # The command opens the files itself (and decompresses them), by their names from the listing's
            # directory, so its records and messages name them as a local run's do.
            cwd = partition.directory if os.path.isdir(partition.directory) else None
            names = [name if cwd else path for name, path in part.files]
            run = command.Run([binary, *settings.classify("--", *names)], cwd=cwd)
            source = None
        else:
            ((source, path),) = part.files
            feed = command.file_range_feed(path, part.start, part.length)
            # The command writes the range's name into its records itself (`--source-label`), so its batches
            # go to Spark as they are; inbox pages and a name over the command's limit get a placeholder, which
            # Python replaces.
            label = settings.source_label(source)
            more = [f"--source-label={label}", "--line-offset", str(part.lines_before), "-"]
            describe = f"{source}, bytes {part.start} to {part.start + part.length}: "
            run = command.Run([binary, *settings.classify(*more)], feed=feed, describe=describe)
            source = None if label == source else source
        yield from settings.record_batches(run, source)


def _check_options(settings):
    """Has the command refuse a bad option value (exit 64) here, once, rather than in every task, when the
    driver has the binary too (it does when it was shipped with `register`)."""
    try:
        binary = command.resolve_binary(settings.binary)
    except FileNotFoundError:
        return
    run = command.Run([binary, *settings.classify("-")], feed=command.buffer_feed(b""))
    try:
        for _ in run.chunks():
            pass
    except command.CommandError as error:
        if error.status == 64:
            raise ValueError(f"push_payloads: {error}") from None
        raise


def _launch_directory():
    """Where relative paths are read from: the directory Spark was started in, as Spark's file sources read them.
    (Python workers run in a directory of the session's own, for the files shipped with it.)"""
    launched = os.environ.get("PWD")
    return launched if launched and os.path.isdir(launched) else os.getcwd()


def _path_list(value):
    if isinstance(value, (list, tuple)):
        return list(value)
    text = str(value)
    if text.startswith("["):
        import json

        return json.loads(text)
    return [item for item in text.split(",") if item]
