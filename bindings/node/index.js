'use strict';
// AutoHeight for Node.js: how tall wrapped text is. The addon (build/autoheight.node, built by
// build.sh) is a thin N-API layer over the C ABI (libautoheight.so); see README.md.
//
// The addon hands results back as doubles in Float64Arrays and this file turns them into
// objects: V8 builds an object literal of a fixed shape in nanoseconds, N-API needs about
// 1.5 us for the eight properties of a measurement (Node 20), most of a measure call's cost.

let native;
try {
  native = require('./build/autoheight.node');
} catch (error) {
  if (error && error.code === 'MODULE_NOT_FOUND') {
    error.message += '\nautoheight: the addon is not built; run bindings/node/build.sh';
  }
  throw error;
}

/** A failure reported by AutoHeight: `code` names its kind, `message` is the library's. */
class AutoHeightError extends Error {
  constructor(message, code = 'UNKNOWN') {
    super(message);
    this.code = code;
  }
}
/** A bad option, option value or width; also a closed style or prepared text. */
class ArgumentError extends AutoHeightError {
  constructor(message) {
    super(message, 'ARGUMENT');
  }
}
/** A text refused: a lone surrogate, or over an input limit. */
class InputError extends AutoHeightError {
  constructor(message) {
    super(message, 'INPUT');
  }
}
/** A font file, font family or the bundled fonts that cannot be found. */
class FontNotFoundError extends AutoHeightError {
  constructor(message) {
    super(message, 'FONT_NOT_FOUND');
  }
}
/** A font that cannot be read or used. */
class FontError extends AutoHeightError {
  constructor(message) {
    super(message, 'FONT');
  }
}
/** ICU, HarfBuzz or fontconfig failed. */
class NativeError extends AutoHeightError {
  constructor(message) {
    super(message, 'NATIVE');
  }
}
const errorClasses = [AutoHeightError, ArgumentError, InputError, FontNotFoundError, FontError, NativeError];
for (const errorClass of errorClasses) {
  Object.defineProperty(errorClass.prototype, 'name', {
    value: errorClass.name, writable: true, configurable: true, enumerable: false,
  });
}

// The classes the addon throws, indexed by ah_status. It returns the Float64Array small results
// come back in: measureInto writes one measurement to it; measureWidths and lines return
// either a count (the results are in `scratch`) or a Float64Array of their own.
const scratch = native.setup(errorClasses);
const { Style, PreparedText, Cache } = native;

/** Removes a native method from a prototype, returning it. */
function take(prototype, name) {
  const method = prototype[name];
  delete prototype[name];
  return method;
}
function define(prototype, name, value) {
  Object.defineProperty(prototype, name, { value, writable: true, configurable: true, enumerable: false });
}

const styleMeasureInto = take(Style.prototype, 'measureInto');
const styleMeasureWidths = take(Style.prototype, 'measureWidths');
const styleLines = take(Style.prototype, 'lines');
const styleMeasureManySync = take(Style.prototype, 'measureManySync');
const styleMeasureMany = take(Style.prototype, 'measureMany');
const preparedMeasureInto = take(PreparedText.prototype, 'measureInto');
const preparedMeasureWidths = take(PreparedText.prototype, 'measureWidths');
const preparedLines = take(PreparedText.prototype, 'lines');

// A measurement is 8 doubles: width, lines, height, maxLineWidth, visibleLines,
// visibleHeight, overflows (0/1), missingGlyphs; a line 5: start, end, width, height, y.
//
// The whole numbers among them (the counts, and the width as usually given) go into the objects
// as int32 (`x | 0` when that is x): V8 then stores them in the object itself, where a number
// read from a Float64Array would get a heap box of its own (16 bytes, one more object for the
// GC). All measurement literals make objects of one map, so all must do it, or the fields stay
// boxed. Exact: x | 0 === x only for an integer in int32 range, and -0 never occurs.
function measurement(f, o) {
  const width = f[o];
  const lines = f[o + 1];
  const visibleLines = f[o + 4];
  const missingGlyphs = f[o + 7];
  return {
    width: (width | 0) === width ? width | 0 : width,
    lines: (lines | 0) === lines ? lines | 0 : lines,
    height: f[o + 2],
    maxLineWidth: f[o + 3],
    visibleLines: (visibleLines | 0) === visibleLines ? visibleLines | 0 : visibleLines,
    visibleHeight: f[o + 5],
    overflows: f[o + 6] !== 0,
    missingGlyphs: (missingGlyphs | 0) === missingGlyphs ? missingGlyphs | 0 : missingGlyphs,
  };
}

function measurements(f, from, count) {
  const result = new Array(count);
  for (let index = 0; index < count; index++) result[index] = measurement(f, from + index * 8);
  return result;
}

/** measureWidths's result: a count of measurements in `scratch`, or a Float64Array. */
function measurementList(r) {
  return typeof r === 'number' ? measurements(scratch, 0, r) : measurements(r, 0, r.length / 8);
}

/** lines's result: a count of lines in `scratch`, or a Float64Array. */
function lineList(r) {
  let f = r;
  let count;
  if (typeof r === 'number') {
    f = scratch;
    count = r;
  } else {
    count = r.length / 5;
  }
  const result = new Array(count);
  for (let index = 0, o = 0; index < count; index++, o += 5) {
    result[index] = { start: f[o], end: f[o + 1], width: f[o + 2], height: f[o + 3], y: f[o + 4] };
  }
  return result;
}

// A batch's measurements are built by a literal of their own, not by measurement(): V8 decides
// per literal (allocation site) whether the objects it makes are allocated in the old
// generation. measure()'s objects die young, a batch's all live until it returns; with one
// literal for both, V8 keeps allocating a batch's objects in the young generation and the
// scavenger copies every one of them (~0.2 us a text on 100,000 texts); with its own literal
// the site is pretenured after the first batch.

/** `count` measurements from f[from]: a batch's. */
function batchMeasurements(f, from, count) {
  const result = new Array(count);
  for (let index = 0, o = from; index < count; index++, o += 8) {
    const width = f[o];
    const lines = f[o + 1];
    const visibleLines = f[o + 4];
    const missingGlyphs = f[o + 7];
    result[index] = {
      width: (width | 0) === width ? width | 0 : width,
      lines: (lines | 0) === lines ? lines | 0 : lines,
      height: f[o + 2],
      maxLineWidth: f[o + 3],
      visibleLines: (visibleLines | 0) === visibleLines ? visibleLines | 0 : visibleLines,
      visibleHeight: f[o + 5],
      overflows: f[o + 6] !== 0,
      missingGlyphs: (missingGlyphs | 0) === missingGlyphs ? missingGlyphs | 0 : missingGlyphs,
    };
  }
  return result;
}

/**
 * A batch's doubles, f[0 ... textCount x widthCount x 8]: a measurement per text (one width) or
 * an array of them per text (several widths).
 */
function batchResults(f, textCount, single, widthCount) {
  if (single) return batchMeasurements(f, 0, textCount);
  const result = new Array(widthCount === 0 ? 0 : textCount);
  for (let index = 0; index < result.length; index++) {
    result[index] = batchMeasurements(f, index * widthCount * 8, widthCount);
  }
  return result;
}

// The Float64Array a batch's results are written to, kept for the next batch: new memory for
// each batch costs a page fault every 4 KiB (~1,600 for 100,000 measurements, ~0.02 us a text).
// Kept up to SPARE_DOUBLES (8 MiB, 131,072 measurements); taken while a batch uses it, so that
// batches at the same time (measureMany) each have their own.
const SPARE_DOUBLES = 1 << 20;
let spareDoubles = null;

function takeDoubles(count) {
  const f = spareDoubles;
  if (f !== null && f.length >= count) {
    spareDoubles = null;
    return f;
  }
  return new Float64Array(count);
}

function keepDoubles(f) {
  if (f.length <= SPARE_DOUBLES && (spareDoubles === null || spareDoubles.length < f.length)) spareDoubles = f;
}

function widthCountOf(widths) {
  return Array.isArray(widths) ? widths.length : 1;
}

function typeError(message) {
  const error = new TypeError(message);
  error.code = 'ERR_INVALID_ARG_TYPE';
  return error;
}

// The longest string V8 makes: a batch's texts must fit in one (the limit of a batch when its
// texts crossed joined; kept).
const MAX_STRING_LENGTH = require('buffer').constants.MAX_STRING_LENGTH;

// A batch crosses as the texts and a Uint32Array of their lengths in UTF-16 units: the addon
// copies the texts end to end into one buffer with the lengths known. (Joining them in JS
// first, texts.join(''), costs more: a string as large as that buffer, built in the V8 heap
// and copied once more.)

/** The lengths of `texts` (checked: an array of strings that fit in one string together). */
function lengthsOf(texts) {
  if (!Array.isArray(texts)) throw typeError('texts must be an array of strings');
  const count = texts.length;
  const lengths = new Uint32Array(count);
  let total = 0;
  for (let index = 0; index < count; index++) {
    const text = texts[index];
    if (typeof text !== 'string') throw typeError(`text ${index} must be a string`);
    lengths[index] = text.length;
    total += text.length;
  }
  if (total > MAX_STRING_LENGTH) {
    throw new RangeError(`the texts total ${total} UTF-16 units, more than one string holds (${MAX_STRING_LENGTH}): split the batch`);
  }
  return lengths;
}

define(Style.prototype, 'measure', function measure(text, width) {
  if (typeof width === 'number') {
    styleMeasureInto.call(this, text, width);
    return measurement(scratch, 0);
  }
  return measurementList(styleMeasureWidths.call(this, text, width));
});

define(Style.prototype, 'lines', function lines(text, width) {
  return lineList(styleLines.call(this, text, width));
});

define(Style.prototype, 'measureManySync', function measureManySync(texts, widths) {
  const lengths = lengthsOf(texts);
  const single = typeof widths === 'number';
  const widthCount = widthCountOf(widths);
  const f = takeDoubles(lengths.length * widthCount * 8);
  styleMeasureManySync.call(this, texts, lengths, widths, f);
  const result = batchResults(f, lengths.length, single, widthCount);
  keepDoubles(f);
  return result;
});

define(Style.prototype, 'measureMany', function measureMany(texts, widths) {
  const single = typeof widths === 'number';
  const widthCount = widthCountOf(widths);
  let lengths;
  let f;
  try {
    lengths = lengthsOf(texts);
    f = takeDoubles(lengths.length * widthCount * 8);
  } catch (error) {
    return Promise.reject(error);
  }
  return styleMeasureMany.call(this, texts, lengths, widths, f).then(() => {
    const result = batchResults(f, lengths.length, single, widthCount);
    keepDoubles(f);
    return result;
  });
});

define(PreparedText.prototype, 'measure', function measure(width) {
  if (typeof width === 'number') {
    preparedMeasureInto.call(this, width);
    return measurement(scratch, 0);
  }
  return measurementList(preparedMeasureWidths.call(this, width));
});

define(PreparedText.prototype, 'lines', function lines(width) {
  return lineList(preparedLines.call(this, width));
});

if (typeof Symbol.dispose === 'symbol') {
  define(Style.prototype, Symbol.dispose, function dispose() {
    this.close();
  });
  define(PreparedText.prototype, Symbol.dispose, function dispose() {
    this.close();
  });
}

module.exports = {
  Style,
  PreparedText,
  Cache,
  version: native.version,
  AutoHeightError,
  ArgumentError,
  InputError,
  FontNotFoundError,
  FontError,
  NativeError,
};
