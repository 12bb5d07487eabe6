"""Exact outcomes of the Python API: numbers, line ranges, the batch rows, prepared texts, caches."""
import gc
import threading

import pytest

import autoheight


@pytest.fixture(scope="module")
def style():
    return autoheight.Style(size=16, line_height=20, fallback="none")


def test_version():
    assert autoheight.__version__ == "0.1.0"


def test_measure_one_width(style):
    m = style.measure("hello world", 40)
    assert isinstance(m, autoheight.Measurement)
    assert (m.width, m.lines, m.height, m.max_line_width) == (40.0, 3, 60.0, 36.848)
    assert (m.visible_lines, m.visible_height, m.missing_glyphs, m.overflows) == (3, 60.0, 0, False)
    assert m._asdict()["max_line_width"] == 36.848
    assert repr(m).startswith("Measurement(width=40.0, lines=3, height=60.0")


def test_measure_several_widths(style):
    found = style.measure("hello world", widths=[40, 1000, 60])
    assert [(m.lines, m.height, m.max_line_width) for m in found] == [
        (3, 60.0, 36.848), (1, 20.0, 83.84), (2, 40.0, 42.83200000000001),
    ]


def test_semantics(style):
    assert style.measure("", 100).lines == 1
    assert style.measure("a\n", 100).lines == 2
    assert style.measure("a\r\nb", 100).lines == 2
    assert style.measure(b"a\nb", 100).lines == 2
    assert style.measure("a\x00b", 100).lines == 1


def test_lines_are_utf16_ranges(style):
    assert [(line.start, line.end) for line in style.lines("hello world", 40)] == [(0, 6), (6, 10), (10, 11)]
    lines = style.lines("😀 a", 1000)
    assert [(line.start, line.end) for line in lines] == [(0, 4)]
    assert lines[0].height == 20.0 and lines[0].y == 0.0


def test_line_limits():
    style = autoheight.Style(size=16, line_height=20, max_lines=2, fallback="none")
    m = style.measure("a\nb\r\n", 100)
    assert (m.lines, m.height, m.visible_lines, m.visible_height, m.overflows) == (3, 60.0, 2, 40.0, True)
    assert [(line.start, line.end, line.y) for line in style.lines("a\nb\r\n", 100)] == [
        (0, 1, 0.0), (2, 3, 20.0), (5, 5, 40.0),
    ]


def test_measure_many_rows(style):
    rows = style.measure_many(["hello world", "a\nb", ""], [40, 1000])
    assert len(rows) == 3
    assert [[m.lines for m in row] for row in rows] == [[3, 1], [2, 2], [1, 1]]
    assert rows[-1][0].height == 20.0 and rows[1][1].height == 40.0
    assert [len(row) for row in rows[0:2]] == [2, 2]
    assert rows.column("lines") == [3, 1, 2, 2, 1, 1]
    assert rows.column("height") == [60.0, 20.0, 40.0, 40.0, 20.0, 20.0]
    assert rows.column("overflows") == [False] * 6
    with pytest.raises(IndexError):
        rows[3]
    with pytest.raises(ValueError, match="no measurement field 'bogus'"):
        rows.column("bogus")
    assert len(style.measure_many([], [100])) == 0


def test_prepared(style):
    prepared = style.prepare("hello world")
    assert prepared.utf16_length == 11
    assert [m.lines for m in prepared.measure(widths=[40, 1000, 60])] == [3, 1, 2]
    assert prepared.measure(60).max_line_width == 42.83200000000001
    assert [(line.start, line.end) for line in prepared.lines(40)] == [(0, 6), (6, 10), (10, 11)]


def test_prepared_outlives_its_style():
    style = autoheight.Style(size=16, fallback="none")
    prepared = style.prepare("text")
    style.close()
    del style
    gc.collect()
    assert prepared.measure(100).lines == 1


def test_shared_cache():
    cache = autoheight.Cache(1 << 20)
    first = autoheight.Style(size=16, cache=cache)
    second = autoheight.Style(size=16, cache=cache)
    assert cache.byte_count == 0
    a = first.measure("shared cache words", 200)
    filled = cache.byte_count
    assert filled > 0
    assert second.measure("shared cache words", 200) == a
    assert cache.byte_count == filled


def test_threads_agree(style):
    texts = ["hello world", "회의는 내일 오후 3시로 옮겼어요.", "مرحبا بالعالم", "a\nb\nc"] * 50
    expected = [style.measure(text, 60) for text in texts]
    results = {}

    def work(number):
        results[number] = [style.measure(text, 60) for text in texts]
        results[number + 100] = [row[0] for row in style.measure_many(texts, [60])]

    threads = [threading.Thread(target=work, args=(number,)) for number in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 8 and all(found == expected for found in results.values())
    assert [m.lines for m in expected[:4]] == [2, 5, 2, 3]


def test_context_manager_closes():
    with autoheight.Style(size=16) as style:
        assert style.measure("a", 100).lines == 1
    with pytest.raises(autoheight.ArgumentError, match="^style is closed$"):
        style.measure("a", 100)


def test_browser():
    """``browser`` picks whose textarea the web profile reproduces: Firefox breaks after ``/``
    and keeps each glyph advance in 1/60 px."""
    found = {}
    for browser in ("chromium", "firefox", "webkit"):
        web = autoheight.Style(size=16, line_height=20, fallback="none", profile="web", browser=browser)
        found[browser] = [(line.start, line.end) for line in web.lines("read/writes", 60)]
        if browser == "firefox":
            assert web.measure("m" * 10, 500).max_line_width == 8980 / 60
    assert found == {"chromium": [(0, 7), (7, 11)], "firefox": [(0, 5), (5, 11)], "webkit": [(0, 7), (7, 11)]}
