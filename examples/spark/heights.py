#!/usr/bin/env python3
"""Message heights with Apache Spark: every partition is piped through `autoheight measure`.

    spark-submit --master local[2] \\
        --files /path/to/autoheight,/path/to/NotoSans-Regular.ttf,/path/to/NanumGothic.ttf,... \\
        examples/spark/heights.py INPUT OUTPUT [--partitions N] [-- MEASURE OPTIONS...]

INPUT is JSON Lines, one {"id": ..., "text": ...} message per line (a file, a directory or a
glob, anything sc.textFile reads: local, HDFS, S3...). OUTPUT is a directory of part-NNNNN files
holding `autoheight measure -O jsonl` results (one object per message per width) in input order:
part-00000, part-00001... concatenated equal the single-process CLI's output for the whole input.
MEASURE OPTIONS are passed to `autoheight measure` (e.g. --widths 240,320 --font-size 17
--fallback none --on-error record).

The binary and the font files travel to the executors the way Spark ships files (--files, or
SparkContext.addFile): each executor finds them in its working directory (in local mode, where
the executor is the driver, under SparkFiles.getRootDirectory()). The fonts are found there
through AUTOHEIGHT_FONTS_DIR. See docs/batch.md for a real cluster, Kubernetes and Beam.
"""
import argparse
import os
import shlex
import sys

from pyspark import SparkConf, SparkContext, SparkFiles


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", help="JSONL messages (anything sc.textFile reads)")
    parser.add_argument("output", help="output directory (must not exist)")
    parser.add_argument("--partitions", type=int, default=0, help="minimum number of partitions")
    arguments = sys.argv[1:]
    split = arguments.index("--") if "--" in arguments else len(arguments)
    args = parser.parse_args(arguments[:split])
    options = arguments[split + 1 :]

    context = SparkContext(conf=SparkConf().setAppName("autoheight-heights"))
    # Executors keep shipped files in their working directory; in local mode the driver's
    # SparkFiles root is the executor's too.
    shipped = SparkFiles.getRootDirectory() if context.master.startswith("local") else "."
    command = [
        os.path.join(shipped, "autoheight"), "measure", "--jsonl-input", "-", "-O", "jsonl",
        # Spark runs one task per core: one thread per autoheight, no progress bar.
        "--jobs", "1", "--no-progress",
    ] + options
    # RDD.pipe replaces the environment: give the binary the fonts' folder and a PATH.
    environment = {"AUTOHEIGHT_FONTS_DIR": shipped, "PATH": os.environ.get("PATH", "/usr/bin:/bin")}

    messages = context.textFile(args.input, minPartitions=args.partitions or None)
    # A non-zero exit fails the task, except with --on-error record, where failed records are
    # error objects in the output (autoheight then exits 65 after writing everything).
    records_errors = "--on-error=record" in options or any(
        a == "--on-error" and b == "record" for a, b in zip(options, options[1:]))
    heights = messages.pipe(shlex.join(command), env=environment, checkCode=not records_errors)
    heights.saveAsTextFile(args.output)
    context.stop()


if __name__ == "__main__":
    main()
