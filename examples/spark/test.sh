#!/usr/bin/env bash
# The Spark examples on local[2] over COUNT (default 100,000) messages built from messages.jsonl:
# the RDD.pipe job (heights.py, through the CLI) and the DataFrame job (heights_dataframe.py,
# through the Python package's wheel, bindings/python/dist, installed into Spark's virtualenv):
# every record of each one's output must equal the single-process CLI's, in the same order.
#   examples/spark/test.sh [AUTOHEIGHT_BINARY]    (default .build/debug/autoheight, as make test builds)
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${1:-.build/debug/autoheight}
count=${COUNT:-100000}
[ -x "$binary" ] || { echo "spark-test: no autoheight binary at $binary (run make test or swift build)" >&2; exit 1; }
venv=$(scripts/install-spark-deps.sh)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fonts_dir=Fonts
fonts=$(ls "$fonts_dir"/*.ttf | paste -sd, -)
options=(--widths 240,320 --font-size 17 --fallback none --line-ranges)

python3 examples/spark/make_records.py "$count" examples/spark/messages.jsonl >"$work/messages.jsonl"
AUTOHEIGHT_FONTS_DIR=$fonts_dir "$binary" measure --jsonl-input "$work/messages.jsonl" -O jsonl --jobs 2 \
  --no-progress "${options[@]}" >"$work/expected.jsonl"

# Spark's own Python must match the driver's: the virtualenv's.
export PYSPARK_PYTHON="$venv/bin/python" PYSPARK_DRIVER_PYTHON="$venv/bin/python"
"$venv/bin/spark-submit" --master 'local[2]' --conf spark.ui.enabled=false --files "$binary,$fonts" \
  examples/spark/heights.py "$work/messages.jsonl" "$work/heights" --partitions 2 -- "${options[@]}" \
  2>"$work/spark.log" || { grep -m5 -E "Error|error code|Exception:" "$work/spark.log" >&2; exit 1; }
cat "$work"/heights/part-* >"$work/spark.jsonl"

expected=$(wc -l <"$work/expected.jsonl")
got=$(wc -l <"$work/spark.jsonl")
if ! cmp -s "$work/expected.jsonl" "$work/spark.jsonl"; then
  echo "spark-test: Spark's output differs from the CLI's ($got lines vs $expected); first difference:" >&2
  diff "$work/expected.jsonl" "$work/spark.jsonl" | head -5 >&2
  exit 1
fi
[ "$expected" -eq $((count * 2)) ] || { echo "spark-test: $expected lines for $count messages × 2 widths" >&2; exit 1; }
echo "spark-test: $count messages on local[2] through RDD.pipe: all $got results equal the single-process CLI's"

# The DataFrame job: mapInPandas with the Python package, no binary shipped.
wheel=$(ls bindings/python/dist/autoheight-*.whl 2>/dev/null | head -1)
[ -n "$wheel" ] || { echo "spark-test: no wheel in bindings/python/dist (run make python)" >&2; exit 1; }
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check cffi >&2
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheel" >&2
"$venv/bin/spark-submit" --master 'local[2]' --conf spark.ui.enabled=false \
  examples/spark/heights_dataframe.py "$work/messages.jsonl" "$work/frame" --partitions 2 -- "${options[@]}" \
  2>"$work/frame.log" || { grep -m5 -E "Error|error code|Exception:" "$work/frame.log" >&2; exit 1; }
cat "$work"/frame/part-* >"$work/frame.jsonl"
got=$(wc -l <"$work/frame.jsonl")
if ! cmp -s "$work/expected.jsonl" "$work/frame.jsonl"; then
  echo "spark-test: the DataFrame job's output differs from the CLI's ($got lines vs $expected); first difference:" >&2
  diff "$work/expected.jsonl" "$work/frame.jsonl" | head -5 >&2
  exit 1
fi
echo "spark-test: $count messages on local[2] through mapInPandas and the Python package: all $got results equal the CLI's"
