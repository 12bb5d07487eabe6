#!/usr/bin/env python3
"""Writes N JSONL records {"id", "text"} built deterministically from a few real messages.

    make_records.py COUNT TEXTS.jsonl [MORE.jsonl ...] > records.jsonl

Record j (id "m0000000"…) is text j mod n of the n input texts ("text" of each input line), in
order: the texts cycle, as a chat's messages repeat, with distinct ids. Same input, same bytes out.
"""
import json
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: make_records.py COUNT TEXTS.jsonl [MORE.jsonl ...]")
    count = int(sys.argv[1])
    texts = []
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as file:
            for number, line in enumerate(file, 1):
                if line.strip():
                    record = json.loads(line)
                    if not isinstance(record.get("text"), str):
                        sys.exit(f"{path}: line {number}: no \"text\" string")
                    texts.append(record["text"])
    if not texts:
        sys.exit("make_records.py: no texts in " + " ".join(sys.argv[2:]))
    n = len(texts)
    out = sys.stdout
    for j in range(count):
        out.write(json.dumps({"id": f"m{j:07d}", "text": texts[j % n]}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
