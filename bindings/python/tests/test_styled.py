"""Styled text (runs and inline boxes): the numbers of the CLI for the same records
(bindings/fixtures/rich.jsonl, 20 texts of the rich-text dev set in English and Japanese), and
every bad run or box refused with the engine's message."""
import math

import pytest

import autoheight

WIDTHS = [120, 240, 360, 480]
FIELDS = ("width", "lines", "height", "maxLineWidth", "missingGlyphs")


def as_record(measurement):
    return dict(zip(FIELDS, (
        measurement.width, measurement.lines, measurement.height, measurement.max_line_width,
        measurement.missing_glyphs,
    )))


def expected(records, cli_records):
    """The CLI's records grouped per text: {id: [record per width]}."""
    assert len(cli_records) == len(records) * len(WIDTHS)
    grouped = {}
    for record in cli_records:
        grouped.setdefault(record["id"], []).append({key: record[key] for key in FIELDS})
    assert list(grouped) == [record["id"] for record in records]
    return grouped


STYLES = [
    ((), {}),
    (
        ("--profile", "web", "--line-height", "20", "--fallback", "none"),
        {"profile": "web", "line_height": 20, "fallback": "none"},
    ),
]


@pytest.mark.parametrize("options, keywords", STYLES)
def test_measure_equals_the_cli(rich, cli, options, keywords):
    cli_records = cli("--widths", ",".join(map(str, WIDTHS)), "--font-size", "16", *options, corpus=cli.rich)
    want = expected(rich, cli_records)
    style = autoheight.Style(size=16, **keywords)
    assert sum(1 for record in rich if record["runs"]) >= 15 and sum(1 for record in rich if record["boxes"]) >= 12
    for record in rich:
        text, runs, boxes = record["text"], record["runs"], record["boxes"]
        several = style.measure(text, widths=WIDTHS, runs=runs, boxes=boxes)
        assert [as_record(m) for m in several] == want[record["id"]], record["id"]
        one = [style.measure(text, width, runs=runs, boxes=boxes) for width in WIDTHS]
        assert one == several, record["id"]
        prepared = style.prepare(text, runs=runs, boxes=boxes)
        assert prepared.measure(widths=WIDTHS) == several, record["id"]
        assert prepared.utf16_length == len(text.encode("utf-16-le")) // 2


@pytest.mark.parametrize("options, keywords", STYLES)
def test_measure_many_equals_the_cli(rich, cli, options, keywords):
    cli_records = cli("--widths", ",".join(map(str, WIDTHS)), "--font-size", "16", *options, corpus=cli.rich)
    want = expected(rich, cli_records)
    style = autoheight.Style(size=16, **keywords)
    rows = style.measure_many(
        [record["text"] for record in rich], WIDTHS,
        runs=[record["runs"] for record in rich],
        boxes=[[(box["width"], box["height"]) for box in record["boxes"]] for record in rich],
    )
    assert len(rows) == len(rich)
    assert [[as_record(m) for m in row] for row in rows] == [want[record["id"]] for record in rich]


def test_styled_differs_from_plain_and_none_entries_are_plain(rich):
    style = autoheight.Style(size=16)
    record = next(record for record in rich if record["runs"] and record["boxes"])
    styled = style.measure(record["text"], 240, runs=record["runs"], boxes=record["boxes"])
    plain = style.measure(record["text"], 240)
    assert styled != plain
    rows = style.measure_many([record["text"], record["text"]], [240], runs=[record["runs"], None],
                              boxes=[record["boxes"], None])
    assert rows[0][0] == styled and rows[1][0] == plain


def test_exact_numbers_and_spellings():
    """The C test's record (bindings/c/test.c): the CLI gives 5 lines, 132.752 px at 60 px."""
    style = autoheight.Style(size=16, fallback="none")
    text = "Ship it \ufffc now and later"
    runs = [{"start": 10, "end": 13, "weight": 700}, {"start": 0, "end": 4, "size": 24}]
    m = style.measure(text, 60, runs=runs, boxes=[(20, 30)])
    assert (m.lines, m.height, m.max_line_width) == (5, 132.752, 48.96)
    assert style.measure(text, 60, runs=runs, boxes=[{"width": 20, "height": 30}]) == m
    spaced = [{"start": 0, "end": 4, "family": "Noto Sans", "style": "italic", "letterSpacing": 1.5}]
    snake = [{"start": 0, "end": 4, "family": "Noto Sans", "style": "italic", "letter_spacing": 1.5}]
    wide = style.measure(text, 1000, runs=runs[:1] + spaced, boxes=[(20, 30)])
    assert (wide.lines, wide.height, wide.max_line_width) == (1, 34.688, 184.448)
    assert style.measure(text, 1000, runs=runs[:1] + snake, boxes=[(20, 30)]) == wide
    # Runs without boxes on a text without U+FFFC; an empty list of runs is the plain measure.
    assert style.measure("hello world", 1000, runs=[]) == style.measure("hello world", 1000)


TEXT = "a\U0001F600b \ufffc c \ufffc"  # the emoji is UTF-16 units 1 and 2; 10 units in all
BOXES = [(10, 10), (12, 14)]


@pytest.mark.parametrize(
    "runs, boxes, message",
    [
        ([{"start": 3, "end": 11}], BOXES, "run 0: range 3..<11 outside the text's 10 UTF-16 units"),
        ([{"start": 0, "end": 1}, {"start": -1, "end": 2}], BOXES,
         "run 1: range -1..<2 outside the text's 10 UTF-16 units"),
        ([{"start": 2, "end": 4, "weight": 700}], BOXES, "run 0: offset 2 splits a surrogate pair"),
        ([{"start": 0, "end": 2}], BOXES, "run 0: offset 2 splits a surrogate pair"),
        ([{"start": 5, "end": 4}], BOXES, "run 0: end 4 before start 5"),
        ([{"start": 0, "end": 4, "size": math.nan}], BOXES, "run 0: size nan must be 0.01...10000.0 px"),
        ([{"start": 0, "end": 4, "size": -3}], BOXES, "run 0: size -3.0 must be 0.01...10000.0 px"),
        ([{"start": 0, "end": 4, "weight": 0}], BOXES, "run 0: weight 0 outside 1...1000"),
        ([{"start": 0, "end": 4, "weight": 10**12}], BOXES, "run 0: weight 1000000000000 outside 1...1000"),
        ([{"start": 0, "end": 4, "letterSpacing": math.inf}], BOXES,
         "run 0: letter spacing inf must be finite, at most 10000 px"),
        ([{"start": 0, "end": 4, "family": ""}], BOXES, "run 0: empty family name"),
        ([], BOXES[:1], "boxes: 1 boxes for 2 U+FFFC characters in the text (one each)"),
        (None, [], "boxes: 0 boxes for 2 U+FFFC characters in the text (one each)"),
        ([], [(10, 10), (-1, 3)], "box 1: width -1.0 must be finite, 0...1e9 px"),
        ([], [(10, 10), {"width": 3, "height": math.nan}], "box 1: height nan must be finite, 0...1e9 px"),
    ],
)
def test_bad_runs_and_boxes(runs, boxes, message):
    style = autoheight.Style(size=16, fallback="none")
    for call in (
        lambda: style.measure(TEXT, 100, runs=runs, boxes=boxes),
        lambda: style.measure(TEXT, widths=[100, 200], runs=runs, boxes=boxes),
        lambda: style.prepare(TEXT, runs=runs, boxes=boxes),
    ):
        with pytest.raises(autoheight.InputError) as error:
            call()
        assert str(error.value) == message
        assert error.value.code == "INPUT"
    with pytest.raises(autoheight.InputError) as error:
        style.measure_many(["ok", TEXT], [100], runs=[None, runs], boxes=[None, boxes])
    assert str(error.value) == f"text 1: {message}"


def test_unknown_family():
    style = autoheight.Style(size=16, fallback="none")
    with pytest.raises(autoheight.InputError, match='^run 1: no font "No Such Family Anywhere" installed'):
        style.measure("hello world", 100, runs=[
            {"start": 0, "end": 5, "weight": 700}, {"start": 6, "end": 11, "family": "No Such Family Anywhere"},
        ])


@pytest.mark.parametrize(
    "runs, boxes, kind, message",
    [
        ("bold", None, TypeError, "runs must be a list of dicts, not str"),
        ({"start": 0, "end": 1}, None, TypeError, "runs must be a list of dicts, not dict"),
        (5, None, TypeError, "runs must be a list of dicts, not int"),
        ([(0, 1)], None, TypeError, "run 0 must be a dict, not tuple"),
        ([{"start": "0", "end": 1}], None, TypeError, "run 0: start must be an int, not str"),
        ([{"start": 0.0, "end": 1}], None, TypeError, "run 0: start must be an int, not float"),
        ([{"start": 0, "end": True}], None, TypeError, "run 0: end must be an int, not bool"),
        ([{"start": 0, "end": 1, "weight": "bold"}], None, TypeError, "run 0: weight must be an int, not str"),
        ([{"start": 0, "end": 1, "size": "24"}], None, TypeError, "run 0: size must be a number, not str"),
        ([{"start": 0, "end": 1, "family": 3}], None, TypeError, "run 0: family must be a str, not int"),
        ([{"start": 0, "end": 1, "family": "a\0b"}], None, ValueError, "run 0: family must not contain NUL"),
        ([{"start": 0, "end": 1, "style": "oblique"}], None, ValueError,
         "run 0: style must be 'normal' or 'italic', not 'oblique'"),
        ([{"start": 0, "end": 1, "bold": True}], None, ValueError, "run 0: unknown key 'bold'"),
        ([{"start": 0}], None, ValueError, "run 0: needs start and end (UTF-16 offsets)"),
        ([{"start": 0, "end": 1 << 70}], None, ValueError, "run 0: end 1180591620717411303424 is out of range"),
        (None, 3, TypeError, "boxes must be a list of dicts or (width, height) tuples, not int"),
        (None, [(1, 2, 3)], TypeError, "box 0 must be a dict or a (width, height) tuple"),
        (None, [{"width": 1}], ValueError, "box 0: needs exactly width and height"),
        (None, [("1", 2)], TypeError, "box 0: width and height must be numbers"),
    ],
)
def test_wrong_python_types(runs, boxes, kind, message):
    style = autoheight.Style(size=16, fallback="none")
    with pytest.raises(kind) as error:
        style.measure("ab \ufffc", 100, runs=runs, boxes=boxes)
    assert str(error.value).startswith(message)
    assert not isinstance(error.value, autoheight.Error)
    with pytest.raises(kind) as error:
        style.measure_many(["x", "ab \ufffc"], [100], runs=[None, runs], boxes=[None, boxes])
    assert str(error.value).startswith(f"text 1: {message}")


def test_batch_alignment_and_widths():
    style = autoheight.Style(size=16, fallback="none")
    with pytest.raises(ValueError, match=r"^runs has 1 entries for 2 texts \(one per text, None for plain text\)$"):
        style.measure_many(["a", "b"], [100], runs=[[]])
    with pytest.raises(TypeError, match="^boxes must be a list with one entry per text"):
        style.measure_many(["a", "b"], [100], boxes=3)
    with pytest.raises(autoheight.ArgumentError) as error:
        style.measure_many(["a"], [100, math.nan], runs=[[]])
    assert str(error.value) == "invalid width nan: must be finite, > 0 and ≤ 1000000000.0 px"
    assert len(style.measure_many([], [100], runs=[])) == 0
