#!/usr/bin/env python3
"""Writes an `autoheight replay` script (JSON Lines, stdout) that sets one 1 MB paragraph in one
event and then types a few characters into it: the keystroke timings of docs/limits.md
("Editing a long paragraph", right-to-left text).

  scripts/long-paragraph-replay.py KIND [SIZE] > script.jsonl
  .build/release/autoheight replay script.jsonl --width 320 --timing

KIND: latin (Latin words from a 23-word list in a fixed pseudo-random order; `abcdefghij` typed
in the middle), arabic-front (the same with `مرحبا ` in front), hebrew-sprinkled (5 % of the
words Hebrew), hebrew-end (`ab c. d e` typed at the end of hebrew-sprinkled), arabic-front-end
(`abc d.ef` typed at the end of arabic-front), hebrew-typed (`שלוםעולם` typed in the middle of
hebrew-sprinkled), latin-brackets (`f(x) [y]` typed in the middle of latin), greek-emoji (`😀 🇰🇷`
typed in the middle of latin with 5 % of the words Greek), hebrew-paragraph (Hebrew words only,
from a 5-word list; `ספרים 12 ` typed in the middle), arabic-paragraph (Arabic words only, from a
7-word list; `مدرسة ٣٤ ` typed in the middle), enter (latin, then Enter typed in the middle, at
a word's end, `abcde` typed at the start of the new second paragraph, the caret moved back to
that start and Backspace joining the two, then Enter and at once Backspace again), enter-crlf
(the same with CR LF typed as one event), enter-brackets (the same in latin with every 50th word
in parentheses), enter-hebrew (the same in hebrew-paragraph, `ספרים` typed at the start of the
new second paragraph), code (JavaScript statements on one line, `if (a) { b(c); }`; `x=f(y);` typed in
the middle), cjk (Japanese and Chinese without spaces, 。 and 、 every few characters; `漢字かな`
typed in the middle), arabic-latin (Arabic words with 10 % of the words Latin; `abc مدرسة` typed
in the middle). SIZE: the paragraph's length in characters (default 1000000).
"""
import json
import random
import sys

WORDS = ("the quick brown fox jumps over lazy dog lorem ipsum dolor sit amet consectetur adipiscing "
         "elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua").split()
HEBREW = ["שלום", "עולם", "ספר", "מילה", "בית"]
GREEK = ["λόγος", "ἀρχή", "καί", "θεός"]
ARABIC = ["مرحبا", "بالعالم", "كتاب", "عربي", "مدرسة", "بيت", "قلم"]
KINDS = ["latin", "arabic-front", "hebrew-sprinkled", "hebrew-end", "arabic-front-end", "hebrew-typed", "latin-brackets",
         "greek-emoji", "hebrew-paragraph", "arabic-paragraph", "enter", "enter-crlf",
         "enter-brackets", "enter-hebrew", "code", "cjk", "arabic-latin"]
CODE = ["if (a) { b(c); }", "var x = [1, 2];", "return f(g);", "for (i = 0; i < n; i++) { s += t[i]; }",
        "obj.key = value;", "fn(a, b, { c: d });", "while (x) { y--; }", "let z = m.get(k) || 0;"]
CJK = list("漢字文化日本語中国書店学校電車時間今日明日世界平和") + list("ひらがなカタカナ")


def paragraph(generator, size, sprinkle, other=HEBREW, words=WORDS):
    parts, length = [], 0
    while length < size:
        word = generator.choice(other) if sprinkle and generator.random() < 0.05 else generator.choice(words)
        parts.append(word)
        length += len(word) + 1
    return " ".join(parts)


def utf16_length(text):
    return len(text.encode("utf-16-le")) // 2


def main():
    if len(sys.argv) not in (2, 3) or sys.argv[1] not in KINDS:
        sys.exit(f"usage: long-paragraph-replay.py {'|'.join(KINDS)} [SIZE]")
    kind = sys.argv[1]
    size = int(sys.argv[2]) if len(sys.argv) == 3 else 1_000_000
    generator = random.Random(7)
    latin = paragraph(generator, size, False)
    sprinkled = paragraph(generator, size, True)
    if kind.startswith("enter"):
        if kind == "enter-brackets":
            latin = " ".join(f"({word})" if index % 50 == 0 else word for index, word in enumerate(latin.split(" ")))
        if kind == "enter-hebrew":
            enter_replay(paragraph(random.Random(9), size, False, words=HEBREW), "\n", "ספרים")
            return
        enter_replay(latin, "\r\n" if kind == "enter-crlf" else "\n")
        return
    greek = paragraph(random.Random(8), size, True, GREEK)
    text = {"latin": latin, "latin-brackets": latin, "greek-emoji": greek, "arabic-front": "مرحبا " + latin, "arabic-front-end": "مرحبا " + latin}.get(kind, sprinkled)
    if kind in ("hebrew-paragraph", "arabic-paragraph"):
        text = paragraph(random.Random(9), size, False, words=HEBREW if kind == "hebrew-paragraph" else ARABIC)
    if kind == "code":
        chooser = random.Random(10)
        text = " ".join(chooser.choice(CODE) for _ in range(size // 12))[:size]
    if kind == "cjk":
        chooser = random.Random(11)
        text = "".join(chooser.choice(CJK) + ("。" if index % 23 == 22 else "、" if index % 11 == 10 else "")
                       for index in range(size))[:size]
    if kind == "arabic-latin":
        text = paragraph(random.Random(12), size, True, WORDS, ARABIC).replace("  ", " ")
    at_end = kind.endswith("-end")
    start = utf16_length(text) if at_end else utf16_length(text) // 2
    typed = {"hebrew-end": "ab c. d e", "arabic-front-end": "abc d.ef", "hebrew-typed": "שלוםעולם",
             "latin-brackets": "f(x) [y]", "greek-emoji": ["😀", " ", "🇰🇷"], "hebrew-paragraph": "ספרים 12 ",
             "arabic-paragraph": "مدرسة ٣٤ ", "code": "x=f(y);", "cjk": "漢字かな",
             "arabic-latin": "abc مدرسة"}.get(kind, "abcdefghij")
    print(json.dumps({"replace": [0, 0], "with": text}, ensure_ascii=False))
    offset = start
    for character in typed:
        print(json.dumps({"replace": [offset, offset], "with": character}, ensure_ascii=False))
        offset += utf16_length(character)


def enter_replay(text, enter, typed="abcde"):
    """Enter in the middle of `text` (at a word's end), letters typed after it, Backspace joining."""
    middle = text.index(" ", len(text) // 2)
    size = len(enter)
    events = [{"replace": [0, 0], "with": text}, {"replace": [middle, middle], "with": enter}]
    for index, character in enumerate(typed):
        start = middle + size + index
        events.append({"replace": [start, start], "with": character})
    events.append({"replace": [middle, middle + size], "with": ""})
    events.append({"replace": [middle, middle], "with": enter})
    events.append({"replace": [middle, middle + size], "with": ""})
    for event in events:
        print(json.dumps(event, ensure_ascii=False))


if __name__ == "__main__":
    main()
