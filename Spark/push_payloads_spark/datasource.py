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
    shipped with `ship_binary`, default `push-payloads`), `split_bytes` (range size, default 128 MiB, as Spark's `spark.sql.files.maxPartitionBytes`), `jobs`
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
        _check_options_once(self.settings)
        directory = self.settings.options.get("base") or _launch_directory()
        listed = inputs.list_inputs(self.paths, directory)
        return [_Partition(part, directory) for part in inputs.plan(listed, self.settings.split_bytes)]

    def read(self, partition):
        settings, part = self.settings, partition.part
        binary = command.resolve_binary(settings.binary)
        # The command opens the files itself (and decompresses them), by their names from the listing's
        # directory, so its records and messages name them as a local run's do.
        cwd = partition.directory if os.path.isdir(partition.directory) else None
        names = [name if cwd else path for name, path in part.files]
        accounting = command.TaskAccounting("data source")
        if part.is_whole:
            argv = [binary, *settings.classify("--", *names)]
        else:
            # A range of one file: the command reads it itself (no pipe, no copy through Python), takes the lines
            # that start in it and numbers them by counting the line feeds before it.
            argv = [binary, *settings.classify(*range_arguments(part), "--", *names)]
        run = command.Run(argv, cwd=cwd, accounting=accounting)
        try:
            yield from settings.record_batches(run)
        finally:
            accounting.finish()


def range_arguments(part):
    """The command's options that read a range of a file: its bytes, and the lines before it when the driver
    counted them (otherwise the command counts them)."""
    more = [f"--byte-range={part.start}:{part.length}"]
    if part.lines_before is not None:
        more.append(f"--line-offset={part.lines_before}")
    return more


def _check_options_once(settings):
    """`_check_options`, once per Python process for the same binary and options: the driver's planning worker is
    reused from query to query, and the run of the command costs some 40 ms of every query's planning."""
    import sys

    # On `sys`, which outlives this module: the package is pickled by value, so its globals are new in every query.
    checked = sys.__dict__.setdefault("_push_payloads_checked_options", set())
    key = (settings.binary, tuple(settings.arguments), settings.arrow)
    if key not in checked:
        _check_options(settings)
        checked.add(key)


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
