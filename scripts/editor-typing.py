#!/usr/bin/env python3
"""Times typing in the editor model at several document sizes (`autoheight replay --timing`).

For each size: one event pastes a note of that many characters (40-character paragraphs: 39
letters and spaces, then a line break), then TYPED characters are typed one by one into a new
short paragraph at the end of the note, and as many into a short paragraph in its middle. Prints
the median nanoseconds per typed character for each place, and the ratio to the smallest size.

  scripts/editor-typing.py [--autoheight .build/release/autoheight] [--sizes 1000,100000,1000000]
                           [--typed 400] [--repeat 3] [-- extra replay options]

The font is the bundled Noto Sans at 17 px, width 320 (the issue's setting); each size is replayed
--repeat times and the fastest median kept (the machine may be loaded).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

WORDS = ("the quick brown fox jumps over a lazy dog while seven wizards quietly hex "
         "every jovial zebra near our old mill").split()
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONT = os.path.join(ROOT, "Fonts/NotoSans-Regular.ttf")


def paragraph(seed):
    words, length, index = [], 0, seed
    while True:
        word = WORDS[index % len(WORDS)]
        index += 7
        if length + len(word) + (1 if words else 0) > 39:
            break
        length += len(word) + (1 if words else 0)
        words.append(word)
    return " ".join(words).ljust(39, ".")


def note(size):
    paragraphs, total, seed = [], 0, 0
    while total + 40 <= size:
        paragraphs.append(paragraph(seed) + "\n")
        total += 40
        seed += 1
    return "".join(paragraphs)


def session(size, typed):
    text = note(size)
    events = [{"replace": [0, 0], "with": text}]
    typing = (paragraph(999) * 4)[:typed]
    # At the end: a new paragraph typed character by character (a break every 39 characters).
    offset = len(text)
    for index, character in enumerate(typing):
        character = "\n" if index % 40 == 39 else character
        events.append({"replace": [offset, offset], "with": character, "place": "end"})
        offset += 1
    # In the middle: into one short paragraph (a new one opened by a break first).
    middle = (len(text) // 80) * 40 + 20  # inside a paragraph, halfway through the note
    events.append({"replace": [middle, middle], "with": "\n", "place": "setup"})
    offset = middle + 1
    for index, character in enumerate(typing[:39]):
        events.append({"replace": [offset, offset], "with": character, "place": "middle"})
        offset += 1
    return events


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--autoheight", default=os.path.join(ROOT, ".build/release/autoheight"))
    parser.add_argument("--sizes", default="1000,100000,1000000")
    parser.add_argument("--typed", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("extra", nargs="*")
    options = parser.parse_args()
    sizes = [int(size) for size in options.sizes.split(",")]
    baseline = {}
    print(f"{'size':>9} {'end ns':>9} {'middle ns':>10} {'end ratio':>10} {'middle ratio':>13}")
    for size in sizes:
        events = session(size, options.typed)
        script = "".join(json.dumps(event) + "\n" for event in events)
        best = {}
        for _ in range(options.repeat):
            run = subprocess.run(
                [options.autoheight, "replay", "-", "--width", "320", "--font-file", FONT, "--timing"]
                + options.extra, input=script, capture_output=True, text=True, check=True)
            results = [json.loads(line) for line in run.stdout.splitlines()]
            if len(results) != len(events) or not all(result["accepted"] for result in results):
                sys.exit(f"size {size}: an edit was rejected or an event is missing")
            for place in ("end", "middle"):
                times = [r["ns"] for e, r in zip(events, results) if e.get("place") == place]
                median = statistics.median(times)
                best[place] = min(best.get(place, median), median)
        baseline = baseline or best
        print(f"{size:>9} {best['end']:>9.0f} {best['middle']:>10.0f} {best['end'] / baseline['end']:>10.2f}"
              f" {best['middle'] / baseline['middle']:>13.2f}")


if __name__ == "__main__":
    main()
