"""How tall a wrapped text is: exact line counts, heights and line ranges.

    import autoheight
    style = autoheight.Style(size=16, language="en", profile="editor")
    m = style.measure("text", width=240)        # m.lines, m.height, m.max_line_width
    rows = style.measure_many(texts, widths=[120, 240])

The numbers are those of ``autoheight measure -O jsonl`` (the same engine, through the C ABI of
libautoheight.so, which ships inside this package with the bundled fonts). Styles and prepared
texts may be used from any number of threads at once; the GIL is released while measuring.
"""

from __future__ import annotations

import struct
from array import array
from operator import itemgetter
from typing import Any, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from ._native import ffi, lib

__all__ = [
    "Style",
    "Run",
    "Box",
    "PreparedText",
    "Cache",
    "Measurement",
    "Line",
    "Error",
    "ArgumentError",
    "InputError",
    "FontNotFoundError",
    "FontError",
    "NativeError",
    "__version__",
]

__version__: str = ffi.string(lib.ah_version()).decode()


class Error(Exception):
    """An error of the engine; ``code`` names its kind (``"ARGUMENT"``, ``"INPUT"``, …)."""

    code = "ERROR"


class ArgumentError(Error, ValueError):
    """A bad option or value: unknown style option, bad width, size, line limits; a closed object."""

    code = "ARGUMENT"


class InputError(Error, ValueError):
    """The text: invalid UTF-8, a lone surrogate, or over a documented input limit."""

    code = "INPUT"


class FontNotFoundError(Error):
    """A font file, family or the bundled fonts that cannot be found."""

    code = "FONT_NOT_FOUND"


class FontError(Error):
    """A font that cannot be read or used."""

    code = "FONT"


class NativeError(Error):
    """ICU, HarfBuzz or fontconfig failed."""

    code = "NATIVE"


_ERRORS = {
    lib.AH_ERROR_ARGUMENT: ArgumentError,
    lib.AH_ERROR_INPUT: InputError,
    lib.AH_ERROR_FONT_NOT_FOUND: FontNotFoundError,
    lib.AH_ERROR_FONT: FontError,
    lib.AH_ERROR_NATIVE: NativeError,
}


def _raise(status: int, message) -> None:
    text = ffi.string(message[0]).decode("utf-8", "replace") if message[0] != ffi.NULL else "unknown error"
    lib.ah_message_free(message[0])
    raise _ERRORS.get(status, Error)(text)


class Measurement(tuple):
    """One text at one width (px): a tuple of its eight fields, readable by name."""

    __slots__ = ()
    _fields = (
        "width", "lines", "height", "max_line_width", "visible_lines", "visible_height", "missing_glyphs", "overflows",
    )
    width = property(itemgetter(0), doc="The wrap width asked for, px.")
    lines = property(itemgetter(1), doc="Line count: explicit breaks plus soft wraps (empty text: 1).")
    height = property(itemgetter(2), doc="Height in px: line heights plus line spacing between lines.")
    max_line_width = property(itemgetter(3), doc="The widest line without its hanging whitespace, px.")
    visible_lines = property(itemgetter(4), doc="Lines within the style's min/max lines.")
    visible_height = property(itemgetter(5), doc="Height of the visible lines, px.")
    missing_glyphs = property(itemgetter(6), doc="Grapheme clusters no font covers.")

    @property
    def overflows(self) -> bool:
        """True when the text has more lines than max_lines."""
        return self[7] != 0

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"Measurement({values})"

    def _asdict(self) -> dict:
        return {name: getattr(self, name) for name in self._fields}


class Line(NamedTuple):
    """One line: its UTF-16 range [start, end), width, height and top (px)."""

    start: int
    end: int
    width: float
    height: float
    y: float


# ah_measurement's layout (autoheight.h): 7 eight-byte fields, then overflows and a reserved int
# (skipped), so that one unpack gives a Measurement's tuple.
_MEASUREMENT = struct.Struct("=dqddqdqi4x")
assert _MEASUREMENT.size == ffi.sizeof("ah_measurement")
assert array("Q").itemsize == ffi.sizeof("size_t")
_LINE = struct.Struct("=qqddd")
assert _LINE.size == ffi.sizeof("ah_line")
_unpack_measurement = _MEASUREMENT.unpack
_make_measurement = tuple.__new__


def _measurements(buffer, count: int) -> List[Measurement]:
    data = ffi.buffer(buffer, count * _MEASUREMENT.size)
    return [_make_measurement(Measurement, values) for values in _MEASUREMENT.iter_unpack(data)]


# Storage for one measure's width and result, reused: taken from the pool for a call and put
# back after (the GIL is released during the call, so a thread cannot share another's).
_scratch_pool: list = []


def _new_scratch() -> tuple:
    width = ffi.new("double[1]")
    result = ffi.new("ah_measurement[1]")
    return width, result, ffi.buffer(result)


_ah_measure = lib.ah_measure


def _lines(lines, count: int) -> List[Line]:
    if count == 0:
        return []
    return [Line._make(values) for values in _LINE.iter_unpack(ffi.buffer(lines[0], count * _LINE.size))]


def _utf8(text: Union[str, bytes]) -> bytes:
    if type(text) is str:
        try:
            return text.encode("utf-8")
        except UnicodeEncodeError as error:
            raise InputError(f"lone surrogate at index {error.start}: the text is not valid Unicode") from None
    if isinstance(text, (bytes, bytearray, memoryview)):
        return bytes(text)
    if isinstance(text, str):
        return _utf8(str(text))
    raise TypeError(f"text must be str or bytes, not {type(text).__name__}")


def _widths(width, widths) -> Sequence[float]:
    if widths is None:
        if width is None:
            raise TypeError("give a width (width=240) or widths (widths=[120, 240])")
        widths = (width,)
    elif width is not None:
        raise TypeError("give either width or widths, not both")
    try:
        return [float(value) for value in widths]
    except (TypeError, ValueError):
        raise TypeError(f"widths must be numbers, got {widths!r}") from None


def _options(options: dict) -> tuple:
    keys, values = [], []
    for key, value in options.items():
        if value is None:
            continue
        items = value if key == "fallback_fonts" and not isinstance(value, str) else [value]
        for item in items:
            if isinstance(item, bool):
                raise TypeError(f"{key} must be a string or a number, not bool")
            keys.append(ffi.new("char[]", key.encode()))
            values.append(ffi.new("char[]", str(item).encode()))
    return keys, values


#: A styled run: a dict with the keys of the CLI's JSON Lines records, ``start`` and ``end``
#: (UTF-16 offsets, end exclusive) and any of ``family`` (str), ``weight`` (int, 1...1000),
#: ``style`` ("normal" or "italic"), ``size`` (px) and ``letterSpacing`` (px; also
#: ``letter_spacing``).
Run = Mapping[str, Any]
#: An inline box for one U+FFFC of the text: ``{"width": w, "height": h}`` or ``(w, h)``, px.
Box = Union[Mapping[str, float], Tuple[float, float]]

_RUN_KEYS = ("start", "end", "family", "weight", "style", "size", "letterSpacing", "letter_spacing")
_INT64 = 1 << 63
_INT32 = 1 << 31


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _run_integer(run: Mapping, key: str, index: int, bound: int) -> int:
    value = run[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"run {index}: {key} must be an int, not {type(value).__name__}")
    if not -bound <= value < bound:
        raise ValueError(f"run {index}: {key} {value} is out of range")
    return value


def _run_float(run: Mapping, key: str, index: int, name: str) -> float:
    value = run[key]
    if not _is_number(value):
        raise TypeError(f"run {index}: {name} must be a number, not {type(value).__name__}")
    return float(value)


def _styled(runs: Optional[Iterable[Run]], boxes: Optional[Iterable[Box]]) -> tuple:
    """The C arrays of ``runs`` and ``boxes`` (with their counts) and what must stay alive
    while the call uses them (the family strings)."""
    keep = []
    if runs is None:
        run_array, run_count = ffi.NULL, 0
    else:
        if isinstance(runs, (str, bytes, Mapping)) or not isinstance(runs, Iterable):
            raise TypeError(f"runs must be a list of dicts, not {type(runs).__name__}")
        runs = list(runs)
        run_count = len(runs)
        run_array = ffi.new("ah_run[]", max(run_count, 1))
        for index, run in enumerate(runs):
            if not isinstance(run, Mapping):
                raise TypeError(f"run {index} must be a dict, not {type(run).__name__}")
            for key in run:
                if key not in _RUN_KEYS:
                    raise ValueError(
                        f"run {index}: unknown key {key!r} (runs take start, end, family, weight, style, size, "
                        "letterSpacing)"
                    )
            if "start" not in run or "end" not in run:
                raise ValueError(f"run {index}: needs start and end (UTF-16 offsets)")
            slot = run_array[index]
            slot.start = _run_integer(run, "start", index, _INT64)
            slot.end = _run_integer(run, "end", index, _INT64)
            fields = 0
            family = run.get("family")
            if family is not None:
                if not isinstance(family, str):
                    raise TypeError(f"run {index}: family must be a str, not {type(family).__name__}")
                if "\0" in family:
                    raise ValueError(f"run {index}: family must not contain NUL")
                try:
                    name = ffi.new("char[]", family.encode("utf-8"))
                except UnicodeEncodeError:
                    raise ValueError(f"run {index}: family is not valid Unicode") from None
                keep.append(name)
                slot.family = name
                fields |= lib.AH_RUN_FAMILY
            if run.get("weight") is not None:
                weight = _run_integer(run, "weight", index, _INT64)
                if not -_INT32 <= weight < _INT32:
                    # Outside 1...1000 anyway: the engine's message, without the overflow.
                    raise InputError(f"run {index}: weight {weight} outside 1...1000")
                slot.weight = weight
                fields |= lib.AH_RUN_WEIGHT
            style = run.get("style")
            if style is not None:
                if style not in ("normal", "italic"):
                    raise ValueError(f"run {index}: style must be 'normal' or 'italic', not {style!r}")
                slot.italic = 1 if style == "italic" else 0
                fields |= lib.AH_RUN_ITALIC
            if run.get("size") is not None:
                slot.size = _run_float(run, "size", index, "size")
                fields |= lib.AH_RUN_SIZE
            for key in ("letterSpacing", "letter_spacing"):
                if run.get(key) is not None:
                    slot.letter_spacing = _run_float(run, key, index, "letterSpacing")
                    fields |= lib.AH_RUN_LETTER_SPACING
            slot.fields = fields
    if boxes is None:
        box_array, box_count = ffi.NULL, 0
    else:
        if isinstance(boxes, (str, bytes, Mapping)) or not isinstance(boxes, Iterable):
            raise TypeError(f"boxes must be a list of dicts or (width, height) tuples, not {type(boxes).__name__}")
        boxes = list(boxes)
        box_count = len(boxes)
        box_array = ffi.new("ah_box[]", max(box_count, 1))
        for index, box in enumerate(boxes):
            if isinstance(box, Mapping):
                if set(box) != {"width", "height"}:
                    raise ValueError(f"box {index}: needs exactly width and height, got {sorted(box)}")
                width, height = box["width"], box["height"]
            elif isinstance(box, (tuple, list)) and len(box) == 2:
                width, height = box
            else:
                raise TypeError(f"box {index} must be a dict or a (width, height) tuple, not {box!r}")
            if not (_is_number(width) and _is_number(height)):
                raise TypeError(f"box {index}: width and height must be numbers, got {width!r}, {height!r}")
            box_array[index].width = width
            box_array[index].height = height
    return run_array, run_count, box_array, box_count, keep


def _aligned(name: str, values, count: int) -> list:
    """Per-text runs or boxes of ``measure_many``: None, or a list of ``count`` entries."""
    if values is None:
        return [None] * count
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        raise TypeError(f"{name} must be a list with one entry per text (or None), not {type(values).__name__}")
    values = list(values)
    if len(values) != count:
        raise ValueError(f"{name} has {len(values)} entries for {count} texts (one per text, None for plain text)")
    return values


class MeasurementRows(Sequence):
    """The results of ``Style.measure_many``: ``rows[i]`` is text i's list of measurements, one
    per width, in the order the widths were given. Kept as the engine wrote them (64 bytes a
    result); Measurement objects are made when a row is read."""

    __slots__ = ("_results", "_bytes", "_count", "_per_text")

    def __init__(self, results, count: int, per_text: int):
        self._results = results
        self._bytes = ffi.buffer(results, count * per_text * _MEASUREMENT.size)
        self._count = count
        self._per_text = per_text

    def __len__(self) -> int:
        return self._count

    def _row(self, index: int) -> List[Measurement]:
        size = _MEASUREMENT.size
        start = index * self._per_text * size
        return [
            _make_measurement(Measurement, _MEASUREMENT.unpack_from(self._bytes, offset))
            for offset in range(start, start + self._per_text * size, size)
        ]

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self._row(position) for position in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError("measurement row index out of range")
        return self._row(index)

    def __iter__(self):
        size, per_text = _MEASUREMENT.size, self._per_text
        unpacked = _MEASUREMENT.iter_unpack(self._bytes)
        if per_text == 1:
            return ([_make_measurement(Measurement, values)] for values in unpacked)
        return ([_make_measurement(Measurement, next(unpacked)) for _ in range(per_text)] for _ in range(self._count))

    def column(self, name: str) -> list:
        """One field of every result, text by text and width by width within a text, as a flat
        list (``rows.column("lines")``): read straight from the results, no objects per row."""
        position = Measurement._fields.index(name) if name in Measurement._fields else -1
        if position < 0:
            raise ValueError(f"no measurement field {name!r} (fields: {', '.join(Measurement._fields)})")
        view = memoryview(self._bytes).cast("B")
        if name == "overflows":
            return [value != 0 for value in view[56:].cast("i")[::16].tolist()]
        kind = "q" if name in ("lines", "visible_lines", "missing_glyphs") else "d"
        return view.cast(kind)[position :: 8].tolist()

    def __repr__(self) -> str:
        return f"<MeasurementRows: {self._count} texts × {self._per_text} widths>"


class Cache:
    """A bounded segment cache that several styles share (``Style(..., cache=cache)``)."""

    def __init__(self, byte_limit: int = 32 << 20):
        out = ffi.new("ah_cache **")
        message = ffi.new("char **")
        status = lib.ah_cache_new(int(byte_limit), out, message)
        if status:
            _raise(status, message)
        self._handle = ffi.gc(out[0], lib.ah_cache_free)

    @property
    def byte_count(self) -> int:
        """The bytes the cache holds now."""
        return lib.ah_cache_byte_count(self._handle)


class _Owner:
    """An object owning one C handle: ``close()`` frees it now (idempotent; the garbage
    collector frees it otherwise), ``with`` closes it at the end of the block."""

    _handle = None
    _closed_message = "closed"

    def _live(self):
        handle = self._handle
        if handle is None:
            raise ArgumentError(self._closed_message)
        return handle

    def close(self) -> None:
        """Frees the native object now; using it afterwards raises ArgumentError. Idempotent."""
        handle, self._handle = self._handle, None
        if handle is not None:
            ffi.release(handle)

    def __enter__(self):
        return self

    def __exit__(self, *_) -> None:
        self.close()


class Style(_Owner):
    """Fonts, size, line height, line limits and layout options: the CLI's options by name.

    Options left at None take the CLI's defaults (the bundled fonts with system fallback, 17 px,
    ``line_height="metrics"``, ``profile="editor"``; with ``profile="web"``, ``browser="chromium"``,
    ``"firefox"`` or ``"webkit"``). Any other option of ``autoheight measure``
    is a keyword in snake case (``white_space="normal"``, ``tab_size="4"``, ``word_break=…``).
    Closing a style leaves the prepared texts made from it working.
    """

    _closed_message = "style is closed"

    def __init__(
        self,
        font_file: Optional[str] = None,
        font: Optional[str] = None,
        size: Optional[float] = None,
        language: Optional[str] = None,
        profile: Optional[str] = None,
        line_height: Union[str, float, None] = None,
        line_spacing: Optional[float] = None,
        fallback: Optional[str] = None,
        *,
        fallback_fonts: Optional[Iterable[str]] = None,
        browser: Optional[str] = None,
        min_lines: Optional[int] = None,
        max_lines: Optional[int] = None,
        cache: Optional[Cache] = None,
        **options,
    ):
        named = dict(
            font_file=font_file,
            font=font,
            size=size,
            language=language,
            profile=profile,
            line_height=line_height,
            line_spacing=line_spacing,
            fallback=fallback,
            fallback_fonts=fallback_fonts,
            browser=browser,
            min_lines=min_lines,
            max_lines=max_lines,
        )
        named.update(options)
        keys, values = _options(named)
        out = ffi.new("ah_style **")
        message = ffi.new("char **")
        status = lib.ah_style_new(
            ffi.new("char *[]", keys), ffi.new("char *[]", values), len(keys),
            cache._handle if cache is not None else ffi.NULL, out, message,
        )
        if status:
            _raise(status, message)
        self._handle = ffi.gc(out[0], lib.ah_style_free)

    def measure(
        self,
        text: Union[str, bytes],
        width: Optional[float] = None,
        *,
        widths: Optional[Iterable[float]] = None,
        runs: Optional[Iterable[Run]] = None,
        boxes: Optional[Iterable[Box]] = None,
    ) -> Union[Measurement, List[Measurement]]:
        """One text at ``width`` (a Measurement), or at each of ``widths`` (a list).

        With ``runs`` or ``boxes`` the text is styled (see ``Run`` and ``Box``): runs apply in
        order, each overriding what it names over its UTF-16 range; each U+FFFC of the text is
        the next box. A run or box that does not fit the text raises InputError naming it."""
        handle = self._handle
        if handle is None:
            raise ArgumentError("style is closed")
        if runs is not None or boxes is not None:
            return self._measure_styled(handle, _utf8(text), width, widths, runs, boxes)
        if type(text) is str:
            try:
                data = text.encode()
            except UnicodeEncodeError:
                data = _utf8(text)  # raises, naming the surrogate
        else:
            data = _utf8(text)
        if widths is None and type(width) in (float, int):
            try:
                width_slot, result, result_bytes = scratch = _scratch_pool.pop()
            except IndexError:
                width_slot, result, result_bytes = scratch = _new_scratch()
            width_slot[0] = width
            if _ah_measure(handle, data, len(data), width_slot, 1, result, ffi.NULL):
                # Failures are rare: measure again to get the message.
                message = ffi.new("char **")
                _raise(lib.ah_measure(handle, data, len(data), width_slot, 1, result, message), message)
            measurement = _make_measurement(Measurement, _unpack_measurement(result_bytes))
            _scratch_pool.append(scratch)
            return measurement
        values = _widths(width, widths)
        results = ffi.new("ah_measurement[]", max(len(values), 1))
        message = ffi.new("char **")
        status = lib.ah_measure(handle, data, len(data), values, len(values), results, message)
        if status:
            _raise(status, message)
        found = _measurements(results, len(values))
        return found[0] if widths is None else found

    def _measure_styled(self, handle, data: bytes, width, widths, runs, boxes):
        values = _widths(width, widths)
        run_array, run_count, box_array, box_count, keep = _styled(runs, boxes)
        results = ffi.new("ah_measurement[]", max(len(values), 1))
        message = ffi.new("char **")
        status = lib.ah_measure_styled(
            handle, data, len(data), run_array, run_count, box_array, box_count, values, len(values), results, message
        )
        del keep
        if status:
            _raise(status, message)
        found = _measurements(results, len(values))
        return found[0] if widths is None else found

    def measure_many(
        self,
        texts: Iterable[Union[str, bytes]],
        widths: Iterable[float],
        *,
        runs: Optional[Sequence[Optional[Iterable[Run]]]] = None,
        boxes: Optional[Sequence[Optional[Iterable[Box]]]] = None,
    ) -> "MeasurementRows":
        """Every text at every width: one list of measurements (one per width) per text, in order.

        One C call for the whole batch, with the GIL released: threads measuring batches run in
        parallel. A bad text raises the engine's error naming its index ("text 3: …"). The rows
        hold the results compactly and make each row's Measurement objects when it is read;
        ``rows.column("height")`` reads one field of every result at C speed.

        ``runs`` and ``boxes``, when given, are lists aligned with ``texts``: text i is styled
        with ``runs[i]`` and ``boxes[i]`` (None for both: plain text, as in ``measure``). Styled
        texts are measured one C call each; an error names the text ("text 3: run 0: …").
        """
        handle = self._live()
        if isinstance(texts, (str, bytes)):
            raise TypeError("texts must be a sequence of texts, not one text")
        if runs is not None or boxes is not None:
            return self._measure_many_styled(handle, texts, widths, runs, boxes)
        try:
            encoded = list(map(str.encode, texts))
        except (TypeError, UnicodeEncodeError):  # bytes, a lone surrogate or not a text
            encoded = [_utf8(text) for text in texts]
        values = _widths(None, widths)
        count, per_text = len(encoded), len(values)
        byte_counts = array("Q", map(len, encoded))  # size_t, without a conversion per element
        lengths = ffi.from_buffer("size_t[]", byte_counts) if count else ffi.NULL
        results = ffi.new("ah_measurement[]", max(count * per_text, 1))
        message = ffi.new("char **")
        status = lib.ah_measure_packed(
            handle, b"".join(encoded), lengths, count, values, per_text, results, ffi.NULL, message
        )
        if status:
            _raise(status, message)
        return MeasurementRows(results, count, per_text)

    def _measure_many_styled(self, handle, texts, widths, runs, boxes) -> "MeasurementRows":
        encoded = [_utf8(text) for text in texts]
        count = len(encoded)
        runs, boxes = _aligned("runs", runs, count), _aligned("boxes", boxes, count)
        values = _widths(None, widths)
        per_text = len(values)
        results = ffi.new("ah_measurement[]", max(count * per_text, 1))
        message = ffi.new("char **")
        # Bad widths fail the whole call before any text, with the plain batch's message.
        status = lib.ah_measure(handle, b"", 0, values, per_text, results, message)
        if status:
            _raise(status, message)
        for index, data in enumerate(encoded):
            slots = results + index * per_text
            try:
                if runs[index] is None and boxes[index] is None:
                    status = lib.ah_measure(handle, data, len(data), values, per_text, slots, message)
                else:
                    run_array, run_count, box_array, box_count, keep = _styled(runs[index], boxes[index])
                    status = lib.ah_measure_styled(
                        handle, data, len(data), run_array, run_count, box_array, box_count, values, per_text,
                        slots, message,
                    )
                    del keep
            except (TypeError, ValueError) as error:
                raise type(error)(f"text {index}: {error}") from None
            if status:
                text = ffi.string(message[0]).decode("utf-8", "replace") if message[0] != ffi.NULL else "unknown error"
                lib.ah_message_free(message[0])
                raise _ERRORS.get(status, Error)(f"text {index}: {text}")
        return MeasurementRows(results, count, per_text)

    def lines(self, text: Union[str, bytes], width: float) -> List[Line]:
        """Every line of ``text`` at ``width``: UTF-16 ranges, widths, heights, tops."""
        handle = self._live()
        data = _utf8(text)
        lines = ffi.new("ah_line **")
        count = ffi.new("size_t *")
        message = ffi.new("char **")
        status = lib.ah_lines(handle, data, len(data), _widths(width, None)[0], lines, count, message)
        if status:
            _raise(status, message)
        try:
            return _lines(lines, count[0])
        finally:
            lib.ah_lines_free(lines[0])

    def prepare(
        self,
        text: Union[str, bytes],
        *,
        runs: Optional[Iterable[Run]] = None,
        boxes: Optional[Iterable[Box]] = None,
    ) -> "PreparedText":
        """Shapes ``text`` once; the result measures at any width in arithmetic only. With
        ``runs`` or ``boxes``, the styled text (as in ``measure``)."""
        handle = self._live()
        data = _utf8(text)
        out = ffi.new("ah_prepared **")
        message = ffi.new("char **")
        if runs is not None or boxes is not None:
            run_array, run_count, box_array, box_count, keep = _styled(runs, boxes)
            status = lib.ah_prepare_styled(
                handle, data, len(data), run_array, run_count, box_array, box_count, out, message
            )
            del keep
        else:
            status = lib.ah_prepare(handle, data, len(data), out, message)
        if status:
            _raise(status, message)
        return PreparedText(ffi.gc(out[0], lib.ah_prepared_free))


class PreparedText(_Owner):
    """A text prepared by ``Style.prepare``: re-measure at any width without shaping again."""

    _closed_message = "prepared text is closed"

    def __init__(self, handle):
        self._handle = handle

    @property
    def utf16_length(self) -> int:
        """The text's length in UTF-16 code units."""
        return lib.ah_prepared_utf16_count(self._live())

    def measure(
        self, width: Optional[float] = None, *, widths: Optional[Iterable[float]] = None
    ) -> Union[Measurement, List[Measurement]]:
        """The text at ``width`` (a Measurement), or at each of ``widths`` (a list)."""
        handle = self._live()
        values = _widths(width, widths)
        results = ffi.new("ah_measurement[]", max(len(values), 1))
        message = ffi.new("char **")
        status = lib.ah_prepared_measure(handle, values, len(values), results, message)
        if status:
            _raise(status, message)
        found = _measurements(results, len(values))
        return found[0] if widths is None else found

    def lines(self, width: float) -> List[Line]:
        """Every line at ``width``."""
        handle = self._live()
        lines = ffi.new("ah_line **")
        count = ffi.new("size_t *")
        message = ffi.new("char **")
        status = lib.ah_prepared_lines(handle, _widths(width, None)[0], lines, count, message)
        if status:
            _raise(status, message)
        try:
            return _lines(lines, count[0])
        finally:
            lib.ah_lines_free(lines[0])
