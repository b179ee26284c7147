"""push-payloads on Spark, over Spark Connect: a data source and a DataFrame helper with typed records.

    from push_payloads_spark import register, classify_payloads

    register(spark, ".build/release/push-payloads")   # the data source, and the binary shipped to executors
    df = spark.read.format("push_payloads").load("/data/capture/")
    df.groupBy("vendor").count().show()

    records = classify_payloads(spark.table("events"), payload="body")

See docs/scale.md.
"""

import os

from .command import CommandError
from .datasource import PushPayloadsDataSource
from .frames import classify_payloads
from .records import json_lines, record_schema

__all__ = [
    "CommandError",
    "PushPayloadsDataSource",
    "classify_payloads",
    "json_lines",
    "record_schema",
    "register",
    "ship_binary",
]


def ship_binary(spark, path):
    """Ships the push-payloads binary to the session's executors (`spark.addArtifacts(path, file=True)`) and
    returns the name to give as the `binary` option (its file name, the default when it is `push-payloads`).

    Build it with `swift build -c release --static-swift-stdlib --product push-payloads` so a node without
    Swift runs it (it then needs glibc, libstdc++, zlib and, with `--traits Zstd`, libzstd)."""
    spark.addArtifacts(os.path.abspath(path), file=True)
    return os.path.basename(path)


def register(spark, binary=None):
    """Registers the `push_payloads` data source with the session and, given a path, ships the binary.

    The package's code travels with the data source and the helper's functions (pickled by value), so the
    server and executors need pyarrow (which Spark's Python workers have) but not this package."""
    try:
        from pyspark import cloudpickle

        import push_payloads_spark

        cloudpickle.register_pickle_by_value(push_payloads_spark)
    except (ImportError, ValueError):
        pass  # an older cloudpickle, or already registered: the package must be installed on the workers
    spark.dataSource.register(PushPayloadsDataSource)
    if binary is not None:
        return ship_binary(spark, binary)
    return None
