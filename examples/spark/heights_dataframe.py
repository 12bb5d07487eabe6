#!/usr/bin/env python3
"""Message heights with Spark DataFrames and the autoheight Python package: no pipe, no binary.

    spark-submit --master local[2] examples/spark/heights_dataframe.py INPUT OUTPUT \\
        [--partitions N] [-- --widths 240,320 --font-size 17 --fallback none --line-ranges]

INPUT is JSON Lines, one {"id": ..., "text": ...} message per line; OUTPUT a directory of
part files holding one JSON object per message per width, in input order, byte for byte what
`autoheight measure -O jsonl` prints for the same options. The options after `--` are the CLI's:
`--widths A,B` (or `--width A`), `--line-ranges`, and any style option (`--font-size 17`,
`--fallback none`, `--profile web`, `--line-height 20`, `--min-lines 1`, ...).

Each task measures its partition with `mapInPandas`: the messages of an Arrow batch go to
`Style.measure_many` in one call (with --line-ranges, each message is prepared once and its lines
read at every width). The package must be installed on the executors (`pip install` the wheel
that `make python` leaves in bindings/python/dist, or ship a virtualenv with --archives); it
carries libautoheight.so and the bundled fonts. See docs/batch.md.
"""
import argparse
import json
import sys

from pyspark.sql import SparkSession


def number(value):
    """A number as the CLI writes it: whole numbers without a fraction, others shortest."""
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def record_json(id_json, measurement, ranges, limits):
    text = (
        f'{{"id":{id_json},"width":{number(measurement.width)},"lines":{measurement.lines},'
        f'"height":{number(measurement.height)},"maxLineWidth":{number(measurement.max_line_width)},'
        f'"missingGlyphs":{measurement.missing_glyphs}'
    )
    if limits:
        text += (
            f',"visibleLines":{measurement.visible_lines},"visibleHeight":{number(measurement.visible_height)},'
            f'"overflows":{"true" if measurement.overflows else "false"}'
        )
    if ranges is not None:
        text += ',"lineRanges":[' + ",".join(f"[{line.start},{line.end}]" for line in ranges) + "]"
    return text + "}"


def parse_options(options):
    """The CLI's options as (widths, line_ranges, Style keywords)."""
    widths, line_ranges, style = [], False, {}
    index = 0
    while index < len(options):
        option = options[index]
        if option == "--line-ranges":
            line_ranges = True
            index += 1
            continue
        if not option.startswith("--") or index + 1 >= len(options):
            sys.exit(f"heights_dataframe.py: expected --OPTION VALUE, got {option!r}")
        value = options[index + 1]
        if option == "--widths":
            widths += [float(item) for item in value.split(",")]
        elif option == "--width":
            widths.append(float(value))
        else:
            name = option[2:].replace("-", "_")
            if name == "fallback_font":
                style.setdefault("fallback_fonts", []).append(value)
            else:
                style[name] = value
        index += 2
    if not widths:
        sys.exit("heights_dataframe.py: give --widths A,B or --width A after --")
    return widths, line_ranges, style


def measurer(widths, line_ranges, style_options):
    limits = "min_lines" in style_options or "max_lines" in style_options

    def measure(batches):
        import pandas

        import autoheight

        style = autoheight.Style(**style_options)  # fonts load once per task
        for batch in batches:
            records = [json.loads(line) for line in batch["value"]]
            ids = [json.dumps(record.get("id"), ensure_ascii=False, separators=(",", ":")) for record in records]
            texts = [record["text"] for record in records]
            out = []
            if line_ranges:
                for id_json, text in zip(ids, texts):
                    prepared = style.prepare(text)
                    for measurement in prepared.measure(widths=widths):
                        out.append(record_json(id_json, measurement, prepared.lines(measurement.width), limits))
                    prepared.close()
            else:
                for id_json, row in zip(ids, style.measure_many(texts, widths)):
                    out += [record_json(id_json, measurement, None, limits) for measurement in row]
            yield pandas.DataFrame({"value": out})

    return measure


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", help="JSONL messages")
    parser.add_argument("output", help="output directory (must not exist)")
    parser.add_argument("--partitions", type=int, default=0, help="partitions to split the input into")
    arguments = sys.argv[1:]
    split = arguments.index("--") if "--" in arguments else len(arguments)
    args = parser.parse_args(arguments[:split])
    widths, line_ranges, style_options = parse_options(arguments[split + 1 :])

    spark = SparkSession.builder.appName("autoheight-heights-dataframe").getOrCreate()
    if args.partitions:
        # Split the file by bytes, in order, so that the part files concatenate in input order.
        size = max(sum(len(line) + 1 for line in open(args.input, "rb")) // args.partitions + 1, 1 << 16)
        spark.conf.set("spark.sql.files.maxPartitionBytes", str(size))
        spark.conf.set("spark.sql.files.openCostInBytes", "0")
    messages = spark.read.text(args.input)
    heights = messages.mapInPandas(measurer(widths, line_ranges, style_options), "value string")
    heights.write.text(args.output)
    spark.stop()


if __name__ == "__main__":
    main()
