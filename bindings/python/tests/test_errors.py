"""Bad input gets a clear exception with the engine's message, never a crash."""
import math

import pytest

import autoheight


@pytest.fixture(scope="module")
def style():
    return autoheight.Style(size=16, fallback="none")


@pytest.mark.parametrize("text", [3, None, 4.5, ["a"], {"a": 1}, object()])
def test_a_text_that_is_not_a_string(style, text):
    with pytest.raises(TypeError, match="text must be str or bytes"):
        style.measure(text, 100)


def test_invalid_utf8_bytes(style):
    with pytest.raises(autoheight.InputError, match="^invalid UTF-8 at byte offset 1$") as error:
        style.measure(b"a\xe2\x82", 100)
    assert error.value.code == "INPUT" and isinstance(error.value, ValueError)


@pytest.mark.parametrize("text, index", [("\ud800", 0), ("ab\udc00c", 2)])
def test_lone_surrogates(style, text, index):
    with pytest.raises(autoheight.InputError, match=f"^lone surrogate at index {index}: "):
        style.measure(text, 100)
    with pytest.raises(autoheight.InputError, match=f"^lone surrogate at index {index}: "):
        style.measure_many(["ok", text], [100])


@pytest.mark.parametrize(
    "width, message",
    [
        (math.nan, "invalid width nan: must be finite, > 0 and ≤ 1000000000.0 px"),
        (-1, "invalid width -1.0: must be finite, > 0 and ≤ 1000000000.0 px"),
        (0, "invalid width 0.0: must be finite, > 0 and ≤ 1000000000.0 px"),
        (math.inf, "invalid width inf: must be finite, > 0 and ≤ 1000000000.0 px"),
    ],
)
def test_bad_widths(style, width, message):
    for call in (
        lambda: style.measure("a", width),
        lambda: style.measure("a", widths=[100, width]),
        lambda: style.measure_many(["a"], [width]),
        lambda: style.lines("a", width),
        lambda: style.prepare("a").measure(width),
    ):
        with pytest.raises(autoheight.ArgumentError) as error:
            call()
        assert str(error.value) == message


def test_widths_that_are_not_numbers(style):
    with pytest.raises(TypeError, match="widths must be numbers"):
        style.measure("a", widths=["wide"])
    with pytest.raises(TypeError, match="give a width"):
        style.measure("a")
    with pytest.raises(TypeError, match="texts must be a sequence of texts"):
        style.measure_many("abc", [100])


def test_missing_font_file():
    with pytest.raises(autoheight.FontNotFoundError, match="^font file not found: /nonexistent.ttf$"):
        autoheight.Style(font_file="/nonexistent.ttf")


def test_not_a_font():
    with pytest.raises(autoheight.FontError, match="^not a font file: /etc/hostname"):
        autoheight.Style(font_file="/etc/hostname")


def test_missing_family():
    with pytest.raises(autoheight.FontNotFoundError, match="No Such Family Anywhere"):
        autoheight.Style(font="No Such Family Anywhere 12", fallback="none")


def test_bad_options():
    with pytest.raises(autoheight.ArgumentError, match="^unknown style option 'bogus'"):
        autoheight.Style(bogus=1)
    with pytest.raises(autoheight.ArgumentError) as error:
        autoheight.Style(line_height="tall")
    assert str(error.value) == (
        "line_height must be metrics, normal, em, a px value (e.g. 24) or a multiple (e.g. 1.5x); got 'tall'"
    )
    with pytest.raises(autoheight.ArgumentError, match="^profile must be one of editor, web; got 'print'$"):
        autoheight.Style(profile="print")
    with pytest.raises(autoheight.ArgumentError, match="^browser must be one of chromium, firefox, webkit; got 'lynx'$"):
        autoheight.Style(profile="web", browser="lynx")
    with pytest.raises(autoheight.ArgumentError, match="^browser firefox applies to profile web only; add profile web$"):
        autoheight.Style(browser="firefox")
    with pytest.raises(autoheight.ArgumentError, match=r"^min_lines \(3\) is larger than max_lines \(2\)$"):
        autoheight.Style(min_lines=3, max_lines=2)
    with pytest.raises(autoheight.ArgumentError, match="^invalid font size -3.0: must be finite"):
        autoheight.Style(size=-3)
    with pytest.raises(autoheight.ArgumentError, match="^size must be a finite number; got 'nan'$"):
        autoheight.Style(size=float("nan"))
    with pytest.raises(TypeError, match="must be a string or a number, not bool"):
        autoheight.Style(size=True)
    with pytest.raises(autoheight.ArgumentError, match="^invalid cache byte limit 0: must be > 0$"):
        autoheight.Cache(0)


def test_closed_objects(style):
    closed = autoheight.Style(size=16)
    prepared = closed.prepare("a")
    closed.close()
    closed.close()
    for call in (
        lambda: closed.measure("a", 100),
        lambda: closed.measure_many(["a"], [100]),
        lambda: closed.lines("a", 100),
        lambda: closed.prepare("a"),
    ):
        with pytest.raises(autoheight.ArgumentError, match="^style is closed$"):
            call()
    prepared.close()
    with pytest.raises(autoheight.ArgumentError, match="^prepared text is closed$"):
        prepared.measure(100)


def test_a_bad_text_in_a_batch_names_its_index(style):
    with pytest.raises(autoheight.InputError, match="^text 2: invalid UTF-8 at byte offset 0$"):
        style.measure_many(["a", "b", b"\xff", "d"], [100])


def test_over_the_input_limit():
    style = autoheight.Style(size=16, fallback="none")
    with pytest.raises(autoheight.InputError, match="combining marks"):
        style.measure("a" + "\u0301" * 100_000, 100)
