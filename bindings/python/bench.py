#!/usr/bin/env python3
"""Times the Python package on what users call (scripts/bench-bindings.sh runs it beside the
Swift, C and Node figures on the same texts). Prints "name value unit" lines, medians of 5.

    bench.py MESSAGE TEXTS.jsonl [--width 240]   per-call and batch figures, 1 and 2 threads
    bench.py --memory TEXTS.jsonl                 RSS and peak RSS at the 100,000th and the
                                                  1,000,000th measure call
"""
import argparse
import json
import statistics
import threading
import time

import autoheight


def rss_kib(field="VmRSS"):
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def median_of(rounds, body):
    values = []
    for _ in range(rounds):
        values.append(body())
    return statistics.median(values)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("message", nargs="?")
    parser.add_argument("texts")
    parser.add_argument("--width", type=float, default=240)
    parser.add_argument("--memory", action="store_true")
    args = parser.parse_args()
    with open(args.texts, "rb") as file:
        texts = [json.loads(line)["text"] for line in file.read().split(b"\n") if line.strip()]
    style = autoheight.Style()
    width = args.width

    if args.memory:
        count = len(texts)
        widths = [120, 160, 200, 240, 280, 320, 360]
        for call in range(1, 1_000_001):
            style.measure(texts[call % count], widths[call % 7])
            if call in (100_000, 1_000_000):
                label = "1m" if call == 1_000_000 else "100k"
                print(f"python.rss_at_{label} {rss_kib()} KiB")
                print(f"python.peak_rss_at_{label} {rss_kib('VmHWM')} KiB")
        return

    message = args.message
    calls = 200_000
    for _ in range(calls // 10):  # warm: fonts loaded, the message's segments cached
        style.measure(message, width)

    def per_call():
        start = time.perf_counter_ns()
        for _ in range(calls):
            style.measure(message, width)
        return (time.perf_counter_ns() - start) / calls

    print(f"python.measure {median_of(5, per_call):.1f} ns")
    style.measure_many(texts, [width])

    def batch():
        start = time.perf_counter_ns()
        style.measure_many(texts, [width])
        return len(texts) / ((time.perf_counter_ns() - start) / 1e9)

    print(f"python.measure_many {median_of(5, batch):.0f} texts/s")

    def batch_and_read():
        start = time.perf_counter_ns()
        rows = style.measure_many(texts, [width])
        for row in rows:
            row[0].height
        return len(texts) / ((time.perf_counter_ns() - start) / 1e9)

    print(f"python.measure_many_read {median_of(5, batch_and_read):.0f} texts/s")

    def two_threads():
        halves = [texts[: len(texts) // 2], texts[len(texts) // 2 :]]
        threads = [threading.Thread(target=style.measure_many, args=(half, [width])) for half in halves]
        start = time.perf_counter_ns()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return len(texts) / ((time.perf_counter_ns() - start) / 1e9)

    print(f"python.measure_many_2_threads {median_of(5, two_threads):.0f} texts/s")


if __name__ == "__main__":
    main()
