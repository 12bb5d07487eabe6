"""The Python package measures exactly what the CLI measures: every text of the fixture corpus
(5,062 texts in 15 scripts and edge cases) at four widths, record for record."""
import pytest

import autoheight

WIDTHS = [120, 240, 360, 480]


def compare(rows, ids, records):
    assert len(records) == len(ids) * len(WIDTHS)
    differences = []
    for index, row in enumerate(rows):
        for position, measurement in enumerate(row):
            record = records[index * len(WIDTHS) + position]
            assert record["id"] == ids[index]
            got = {
                "width": measurement.width,
                "lines": measurement.lines,
                "height": measurement.height,
                "maxLineWidth": measurement.max_line_width,
                "missingGlyphs": measurement.missing_glyphs,
            }
            expected = {key: record[key] for key in got}
            if got != expected:
                differences.append((ids[index], expected, got))
    assert differences == []


def test_default_style_equals_the_cli(corpus, cli):
    ids, texts = corpus
    records = cli("--widths", ",".join(map(str, WIDTHS)))
    compare(autoheight.Style().measure_many(texts, WIDTHS), ids, records)


def test_web_profile_without_fallback_equals_the_cli(corpus, cli):
    ids, texts = corpus
    records = cli(
        "--widths", ",".join(map(str, WIDTHS)), "--profile", "web", "--line-height", "20", "--font-size", "16",
        "--fallback", "none",
    )
    style = autoheight.Style(profile="web", line_height=20, size=16, fallback="none")
    compare(style.measure_many(texts, WIDTHS), ids, records)


@pytest.mark.parametrize("width", [120, 360])
def test_one_text_at_a_time_equals_the_batch(corpus, width):
    _, texts = corpus
    style = autoheight.Style()
    sample = texts[::25]
    batch = style.measure_many(sample, [width])
    assert [style.measure(text, width) for text in sample] == [row[0] for row in batch]
    prepared = [style.prepare(text).measure(width) for text in sample]
    assert prepared == [row[0] for row in batch]


def test_line_limits_equal_the_cli(corpus, cli):
    ids, texts = corpus
    records = cli("--widths", "120,240,360,480", "--min-lines", "2", "--max-lines", "3")
    rows = autoheight.Style(min_lines=2, max_lines=3).measure_many(texts, WIDTHS)
    flat = [measurement for row in rows for measurement in row]
    assert [(m.visible_lines, m.visible_height, m.overflows) for m in flat] == [
        (r["visibleLines"], r["visibleHeight"], r["overflows"]) for r in records
    ]
