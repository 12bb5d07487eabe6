#!/usr/bin/env python3
"""Writes the benchmark fixtures in Benchmarks/Fixtures/ from the shared corpus.

Every text is a real record of ../shared/corpus (UI translations, package descriptions,
fortunes, debconf questions; the composed chat/mixed records of emoji.jsonl and mixed.jsonl are
built from real snippets), chosen by fixed rules, so running this again gives the same bytes:

  chat-60ch.txt       one English sentence of about 60 characters (a chat message)
  paragraph-1kB.txt   one prose paragraph of about 1000 UTF-8 bytes
  document-100kB.txt  paragraphs of the nine covered languages, round-robin, joined with "\\n",
                      about 100 000 UTF-8 bytes
  corpus-mixed.jsonl  200 texts spread evenly over en de ru vi ko ar he hi th mixed emoji,
                      {"id", "language", "text"} (language: the BCP 47 tag to measure with)
  corpus200.jsonl     a byte copy of ../shared/tools/oracle/samples/corpus200.jsonl, the
                      200-text corpus the oracle tools are timed on
  mixed-fallback.jsonl  every record of ../shared/corpus/mixed.jsonl (mixed scripts, emoji),
                      {"id", "language": "en", "text"}: measured with the system fallback, as
                      `make compare` measures that corpus

Usage (from the repository root or anywhere):

    python3 Benchmarks/make-fixtures.py [--shared PATH]     # default: ../shared next to the repo
"""
import argparse
import json
import shutil
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "Fixtures"

# Languages the bundled font stack covers (Noto Sans: Latin, Greek, Cyrillic; Nanum Gothic:
# Hangul; Noto Sans Arabic, Hebrew, Devanagari, Thai).
COVERED = ["en", "de", "ru", "vi", "ko", "ar", "he", "hi", "th"]
# Texts per file in corpus-mixed.jsonl: 16 × 9 covered languages + 32 mixed + 24 emoji = 200.
PER_LANGUAGE = 16
EXTRA = {"mixed": 32, "emoji": 24}

DOCUMENT_BYTES = 100_000
PARAGRAPH_BYTES = 1_000
CHAT_CHARACTERS = 60


def read_jsonl(path):
    # One record per physical line; the corpus escapes U+2028/U+2029 inside JSON strings.
    with open(path, encoding="utf-8", newline="") as file:
        return [json.loads(line) for line in file.read().split("\n") if line]


def style_language(lang):
    """The BCP 47 tag to measure a record with: the first language of "ru+en", English for
    records with no linguistic content (zxx) or many languages (mul)."""
    first = lang.split("+")[0]
    return "en" if first in ("zxx", "mul", "") else first


def is_plain(text):
    """No control characters other than tab and LF, no CR, no line/paragraph separators, no BOM:
    texts that are safe to join into a document and to store as .txt files."""
    for character in text:
        if character in "\t\n":
            continue
        if unicodedata.category(character) == "Cc" or character in "\u2028\u2029\ufeff":
            return False
    return True


def utf8_size(text):
    return len(text.encode("utf-8"))


def evenly_spaced(records, count):
    """`count` records at evenly spaced positions of the file, in file order."""
    total = len(records)
    return [records[(index * total) // count] for index in range(count)]


def pick_chat(corpus):
    """The first English record of about 60 characters that reads like a message: one line,
    at least 8 spaces, no printf placeholders, not indented; closest to 60 characters wins."""
    candidates = [
        record for record in corpus["en"]
        if is_plain(record["text"]) and "\n" not in record["text"] and "\t" not in record["text"]
        and "%" not in record["text"] and not record["text"][0].isspace()
        and record["text"].count(" ") >= 8 and abs(len(record["text"]) - CHAT_CHARACTERS) <= 5
    ]
    return min(candidates, key=lambda record: abs(len(record["text"]) - CHAT_CHARACTERS))


def pick_paragraph(corpus):
    """A prose paragraph of about 1000 UTF-8 bytes from a Latin or Cyrillic file: at most 4
    line breaks, no tabs, no column-aligned help text (double spaces); closest to 1000 wins."""
    candidates = [
        record for language in ("en", "de", "ru", "vi") for record in corpus[language]
        if is_plain(record["text"]) and "\t" not in record["text"] and "  " not in record["text"]
        and record["text"].count("\n") <= 4 and abs(utf8_size(record["text"]) - PARAGRAPH_BYTES) <= 100
    ]
    return min(candidates, key=lambda record: abs(utf8_size(record["text"]) - PARAGRAPH_BYTES))


def build_document(corpus):
    """Paragraph-sized texts (200-3000 characters) of the covered languages, taken round-robin
    in file order and joined with "\\n" until the document reaches 100 000 UTF-8 bytes."""
    queues = {
        language: [
            record["text"].strip("\n") for record in corpus[language]
            if is_plain(record["text"]) and 200 <= len(record["text"]) <= 3000
        ]
        for language in COVERED
    }
    parts, size, position = [], 0, 0
    while size < DOCUMENT_BYTES:
        took = False
        for language in COVERED:
            if position < len(queues[language]) and size < DOCUMENT_BYTES:
                text = queues[language][position]
                parts.append(text)
                size += utf8_size(text) + 1
                took = True
        if not took:
            raise SystemExit("the corpus has too few paragraphs for a 100 kB document")
        position += 1
    return "\n".join(parts)


def encode_record(record):
    """One JSON line, readable (no ASCII escaping), but with U+2028, U+2029, U+FEFF and the C1
    controls escaped as the shared corpus does, so that every record is one physical line even
    for tools that split lines on them."""
    encoded = json.dumps(record, ensure_ascii=False)
    return "".join(
        f"\\u{ord(character):04x}" if character in "\u2028\u2029\ufeff" or 0x80 <= ord(character) <= 0x9F
        else character
        for character in encoded
    )


def write_text(name, text):
    with open(FIXTURES / name, "w", encoding="utf-8", newline="") as file:
        file.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shared", type=Path, default=HERE.parent.parent / "shared",
                        help="the shared folder holding corpus/ and tools/ (default: ../shared)")
    arguments = parser.parse_args()
    corpus_dir = arguments.shared / "corpus"
    corpus = {name: read_jsonl(corpus_dir / f"{name}.jsonl") for name in COVERED + list(EXTRA)}
    FIXTURES.mkdir(exist_ok=True)

    chat = pick_chat(corpus)
    write_text("chat-60ch.txt", chat["text"])
    paragraph = pick_paragraph(corpus)
    write_text("paragraph-1kB.txt", paragraph["text"])
    document = build_document(corpus)
    write_text("document-100kB.txt", document)

    selection = []
    for name in COVERED:
        selection += evenly_spaced(corpus[name], PER_LANGUAGE)
    for name, count in EXTRA.items():
        selection += evenly_spaced(corpus[name], count)
    with open(FIXTURES / "corpus-mixed.jsonl", "w", encoding="utf-8", newline="") as file:
        for record in selection:
            line = {"id": record["id"], "language": style_language(record["lang"]), "text": record["text"]}
            file.write(encode_record(line) + "\n")

    shutil.copyfile(arguments.shared / "tools/oracle/samples/corpus200.jsonl", FIXTURES / "corpus200.jsonl")

    with open(FIXTURES / "mixed-fallback.jsonl", "w", encoding="utf-8", newline="") as file:
        for record in corpus["mixed"]:
            line = {"id": record["id"], "language": "en", "text": record["text"]}
            file.write(encode_record(line) + "\n")

    # Rich text: the styled dev set's en and ja files (runs and boxes kept), for the styled
    # cases against the same texts plain.
    rich = []
    for name in ("en", "ja"):
        for record in read_jsonl(arguments.shared / "rich" / "corpus" / f"{name}.jsonl"):
            rich.append({"id": record["id"], "language": name, "text": record["text"], "runs": record["runs"],
                         "boxes": record["boxes"]})
    with open(FIXTURES / "rich-en-ja.jsonl", "w", encoding="utf-8", newline="") as file:
        for record in rich:
            file.write(encode_record(record) + "\n")

    print(f"chat-60ch.txt: {chat['id']}, {len(chat['text'])} characters")
    print(f"paragraph-1kB.txt: {paragraph['id']}, {utf8_size(paragraph['text'])} bytes")
    print(f"document-100kB.txt: {utf8_size(document)} bytes, {document.count(chr(10)) + 1} lines")
    print(f"corpus-mixed.jsonl: {len(selection)} texts, {sum(utf8_size(r['text']) for r in selection)} bytes of text")
    print("corpus200.jsonl: copied")
    print(f"mixed-fallback.jsonl: {len(corpus['mixed'])} texts")
    print(f"rich-en-ja.jsonl: {len(rich)} styled texts")


if __name__ == "__main__":
    main()
