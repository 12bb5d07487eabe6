#!/usr/bin/env bash
# The bindings timed against the Swift library, in one run on the same texts (make bench-bindings;
# docs/bindings.md quotes its output). Needs make python, make node and a release CLI.
#  - one warm call: a 60-character chat message at 240 px, measured over and over with the
#    style's segment cache warm (Swift: `autoheight bench --scenario warm` over 10,000 copies);
#  - a batch: 100,000 chat messages (examples/spark/make_records.py over messages.jsonl) at 240 px
#    in one call per round (Swift: the same scenario over them, one measure per message);
#  - Python with two threads, Node with two batches at once;
#  - with --memory, RSS over 1,000,000 measure calls from Python and from Node (bindings/fixtures
#    texts of at most 300 characters, cycling, at 7 widths).
# Prints "name value unit" lines, then the ratios the targets are about.
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${AUTOHEIGHT_CLI:-.build/release/autoheight}
message='Running late, the train is stuck at Dalston. Be there by 8pm'
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$message" "$work" <<'PY'
import json, sys
message, work = sys.argv[1], sys.argv[2]
assert len(message) == 60
with open(f"{work}/message.jsonl", "w") as out:
    for index in range(10_000):
        out.write(json.dumps({"id": index, "text": message}) + "\n")
with open(f"{work}/message.txt", "w") as out:
    out.write(message + "\n")
PY
python3 examples/spark/make_records.py 100000 examples/spark/messages.jsonl >"$work/messages.jsonl"
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
with open(f"{work}/messages.jsonl") as records, open(f"{work}/messages.txt", "w") as out:
    for line in records:
        text = json.loads(line)["text"]
        out.write(text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r") + "\n")
with open("bindings/fixtures/corpus.jsonl", "rb") as corpus, open(f"{work}/short.jsonl", "w") as out:
    for line in corpus.read().split(b"\n"):
        if line.strip() and len(json.loads(line)["text"]) <= 300:
            out.write(json.dumps({"text": json.loads(line)["text"]}) + "\n")
PY
cc -O2 -o "$work/cbench" bindings/c/bench.c -I.build-capi/dist/include -L.build-capi/dist/lib -lautoheight \
  -lpthread -Wl,-rpath,"$PWD/.build-capi/dist/lib"

swift_ns() {
  "$cli" bench --jsonl-input "$1" --widths 240 --scenario warm --configurations given --repeat 5 \
    | tail -1 | python3 -c 'import json, sys; print(json.load(sys.stdin)["warmNsPerMeasure"])'
}
{
  echo "swift.measure $(swift_ns "$work/message.jsonl") ns"
  swift_batch=$(swift_ns "$work/messages.jsonl")
  echo "swift.measure_many $(python3 -c "print(round(1e9 / $swift_batch))") texts/s"
  "$work/cbench" "$work/message.txt" "$work/messages.txt"
  python3 bindings/python/bench.py "$message" "$work/messages.jsonl"
  (cd bindings/node && node bench.js "$message" "$work/messages.jsonl")
  if [ "${1:-}" = --memory ]; then
    python3 bindings/python/bench.py --memory "$work/short.jsonl"
    (cd bindings/node && node bench.js --memory "$work/short.jsonl")
  fi
} | tee "$work/figures.txt"

python3 - "$work/figures.txt" <<'PY'
import sys
figures = {}
for line in open(sys.argv[1]):
    name, value, _ = line.split()
    figures[name] = float(value)
def ratio(label, a, b):
    if a in figures and b in figures:
        print(f"{label}: {figures[a] / figures[b]:.2f}")
print("--")
ratio("python call / swift call (target <= 1.5)", "python.measure", "swift.measure")
ratio("node call / swift call (target <= 1.3)", "node.measure", "swift.measure")
ratio("c call / swift call", "c.measure", "swift.measure")
ratio("python measure_many / swift (target >= 0.9)", "python.measure_many", "swift.measure_many")
ratio("node measureManySync / swift (target >= 0.9)", "node.measure_many_sync", "swift.measure_many")
ratio("node measureMany / swift (target >= 0.9)", "node.measure_many", "swift.measure_many")
ratio("c measure_batch / swift", "c.measure_batch", "swift.measure_many")
ratio("python 2 threads / 1 thread (target >= 1.8)", "python.measure_many_2_threads", "python.measure_many")
ratio("c 2 threads / 1 thread (the engine's own)", "c.measure_batch_2_threads", "c.measure_batch")
ratio("c 2 threads, a style each / 1 thread (nothing shared)", "c.measure_batch_2_threads_2_styles", "c.measure_batch")
ratio("node 2 batches at once / 1", "node.measure_many_2_at_once", "node.measure_many")
ratio("python peak RSS 1m / 100k (target within 1.1)", "python.peak_rss_at_1m", "python.peak_rss_at_100k")
ratio("node peak RSS 1m / 100k (target within 1.1)", "node.peak_rss_at_1m", "node.peak_rss_at_100k")
PY
