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
function measurement(f, o) {
  return {
    width: f[o],
    lines: f[o + 1],
    height: f[o + 2],
    maxLineWidth: f[o + 3],
    visibleLines: f[o + 4],
    visibleHeight: f[o + 5],
    overflows: f[o + 6] !== 0,
    missingGlyphs: f[o + 7],
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

/** A batch's doubles: a measurement per text (one width) or an array per text (several). */
function batchResults(f, single, widthCount) {
  if (single) return measurements(f, 0, f.length / 8);
  const textCount = widthCount === 0 ? 0 : f.length / (8 * widthCount);
  const result = new Array(textCount);
  for (let index = 0; index < textCount; index++) {
    result[index] = measurements(f, index * widthCount * 8, widthCount);
  }
  return result;
}

function widthCountOf(widths) {
  return Array.isArray(widths) ? widths.length : 1;
}

function typeError(message) {
  const error = new TypeError(message);
  error.code = 'ERR_INVALID_ARG_TYPE';
  return error;
}

// The longest string V8 makes: a batch's texts must fit in one, joined.
const MAX_STRING_LENGTH = require('buffer').constants.MAX_STRING_LENGTH;

// A batch crosses as one string, the texts joined (texts.join('')), and a Uint32Array of their
// lengths in UTF-16 units: one string for the addon to read, instead of an element and a string
// per text.

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
  return batchResults(styleMeasureManySync.call(this, texts.join(''), lengths, widths), typeof widths === 'number',
    widthCountOf(widths));
});

define(Style.prototype, 'measureMany', function measureMany(texts, widths) {
  let lengths;
  let joined;
  try {
    lengths = lengthsOf(texts);
    joined = texts.join('');
  } catch (error) {
    return Promise.reject(error);
  }
  const single = typeof widths === 'number';
  const widthCount = widthCountOf(widths);
  return styleMeasureMany.call(this, joined, lengths, widths).then((f) => batchResults(f, single, widthCount));
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
