#!/usr/bin/env python3
"""Classify captures over Spark Connect into a Parquet table of typed records, and print counts per vendor.

    python3 Examples/spark/connect.py --remote sc://localhost:15002 \\
        --binary .build/release/push-payloads --output records.parquet /data/captures/

Needs the package in Spark/ (`pip install ./Spark 'pyspark[connect]' 'pandas<3'`) and a push-payloads built
with --static-swift-stdlib (docs/scale.md). The inputs are read by the cluster: give paths it reaches. Where
RDDs exist, Examples/spark/classify.py does the same through RDD.pipe.
"""

import argparse

from pyspark.sql import SparkSession

from push_payloads_spark import register


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", help="files or directories, as for push-payloads classify")
    parser.add_argument("--remote", default="sc://localhost:15002", help="the Spark Connect server")
    parser.add_argument("--binary", required=True, help="push-payloads, built with --static-swift-stdlib")
    parser.add_argument("--output", help="write the records here as Parquet")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE, e.g. senders=all, keep=/ts")
    arguments = parser.parse_args()

    spark = SparkSession.builder.remote(arguments.remote).getOrCreate()
    binary = register(spark, arguments.binary)
    reader = spark.read.format("push_payloads").option("binary", binary).option("paths", ",".join(arguments.inputs))
    for option in arguments.option:
        name, _, value = option.partition("=")
        reader = reader.option(name, value)
    records = reader.load()
    if arguments.output:
        records.write.mode("overwrite").parquet(arguments.output)
        records = spark.read.parquet(arguments.output)
    records.groupBy("status", "vendor").count().orderBy("status", "vendor").show(100)
    spark.stop()


if __name__ == "__main__":
    main()
