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
const styleMeasureStyled = take(Style.prototype, 'measureStyled');
const stylePrepare = take(Style.prototype, 'prepare');
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

// Styled text: runs and boxes are checked here (a wrong type is a TypeError naming the run or
// box) and cross packed: a Float64Array of RUN_DOUBLES doubles a run (start, end, the AH_RUN_*
// bits, weight, italic, size, letter spacing), an array of the runs' families and a
// Float64Array of two doubles a box. What only the engine knows (a range outside the text, a
// split surrogate pair, a size out of bounds, a family not installed, too few boxes) comes back
// as its InputError.
const RUN_DOUBLES = 7;
const RUN_FAMILY = 1;
const RUN_WEIGHT = 2;
const RUN_ITALIC = 4;
const RUN_SIZE = 8;
const RUN_LETTER_SPACING = 16;
const RUN_KEYS = new Set(['start', 'end', 'family', 'weight', 'style', 'size', 'letterSpacing']);

function valueError(message) {
  const error = new TypeError(message);
  error.code = 'ERR_INVALID_ARG_VALUE';
  return error;
}

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `{ runs, boxes }` options of one text: null when neither is given (plain text). */
function styledOf(options, prefix) {
  if (options === undefined || options === null) return null;
  if (!isObject(options)) throw typeError(`${prefix}options must be an object ({ runs, boxes })`);
  const { runs, boxes } = options;
  if ((runs === undefined || runs === null) && (boxes === undefined || boxes === null)) return null;
  return { runs: runs ?? [], boxes: boxes ?? [] };
}

/** Appends one text's runs to `numbers` and `families` (checked): their count. */
function packRuns(runs, numbers, families, prefix) {
  if (!Array.isArray(runs)) throw typeError(`${prefix}runs must be an array of run objects`);
  for (let index = 0; index < runs.length; index++) {
    const run = runs[index];
    const name = `${prefix}run ${index}`;
    if (!isObject(run)) throw typeError(`${name} must be an object ({ start, end, ... })`);
    for (const key of Object.keys(run)) {
      if (!RUN_KEYS.has(key)) {
        throw valueError(`${name}: unknown key '${key}' (runs take start, end, family, weight, style, size, letterSpacing)`);
      }
    }
    const { start, end, family, weight, style, size, letterSpacing } = run;
    for (const [key, value] of [['start', start], ['end', end]]) {
      if (typeof value !== 'number') throw typeError(`${name}: ${key} must be a number (a UTF-16 offset), not ${typeof value}`);
      if (!Number.isSafeInteger(value)) throw valueError(`${name}: ${key} must be an integer, not ${value}`);
    }
    let fields = 0;
    let familyName;
    if (family !== undefined && family !== null) {
      if (typeof family !== 'string') throw typeError(`${name}: family must be a string, not ${typeof family}`);
      if (family.includes('\0')) throw valueError(`${name}: family must not contain NUL`);
      familyName = family;
      fields |= RUN_FAMILY;
    }
    let weightValue = 0;
    if (weight !== undefined && weight !== null) {
      if (typeof weight !== 'number') throw typeError(`${name}: weight must be a number, not ${typeof weight}`);
      if (!Number.isInteger(weight)) throw valueError(`${name}: weight must be an integer, not ${weight}`);
      // Beyond int32 it is outside 1...1000 anyway: the engine's message, without the overflow.
      if (Math.abs(weight) > 0x7fffffff) throw new InputError(`${name}: weight ${weight} outside 1...1000`);
      weightValue = weight;
      fields |= RUN_WEIGHT;
    }
    let italic = 0;
    if (style !== undefined && style !== null) {
      if (style !== 'normal' && style !== 'italic') {
        throw valueError(`${name}: style must be 'normal' or 'italic', not ${JSON.stringify(style)}`);
      }
      italic = style === 'italic' ? 1 : 0;
      fields |= RUN_ITALIC;
    }
    let sizeValue = 0;
    if (size !== undefined && size !== null) {
      if (typeof size !== 'number') throw typeError(`${name}: size must be a number, not ${typeof size}`);
      sizeValue = size;
      fields |= RUN_SIZE;
    }
    let spacing = 0;
    if (letterSpacing !== undefined && letterSpacing !== null) {
      if (typeof letterSpacing !== 'number') {
        throw typeError(`${name}: letterSpacing must be a number, not ${typeof letterSpacing}`);
      }
      spacing = letterSpacing;
      fields |= RUN_LETTER_SPACING;
    }
    numbers.push(start, end, fields, weightValue, italic, sizeValue, spacing);
    families.push(familyName);
  }
  return runs.length;
}

/** Appends one text's boxes ({ width, height } or [width, height]) to `numbers`: their count. */
function packBoxes(boxes, numbers, prefix) {
  if (!Array.isArray(boxes)) throw typeError(`${prefix}boxes must be an array of { width, height } objects`);
  for (let index = 0; index < boxes.length; index++) {
    const box = boxes[index];
    let width;
    let height;
    if (Array.isArray(box) && box.length === 2) {
      [width, height] = box;
    } else if (isObject(box)) {
      ({ width, height } = box);
    } else {
      throw typeError(`${prefix}box ${index} must be { width, height } or [width, height]`);
    }
    if (typeof width !== 'number' || typeof height !== 'number') {
      throw typeError(`${prefix}box ${index}: width and height must be numbers`);
    }
    numbers.push(width, height);
  }
  return boxes.length;
}

/** One text's runs and boxes packed for the addon. */
function packStyled(styled) {
  const runNumbers = [];
  const families = [];
  const boxNumbers = [];
  packRuns(styled.runs, runNumbers, families, '');
  packBoxes(styled.boxes, boxNumbers, '');
  return [new Float64Array(runNumbers), families, new Float64Array(boxNumbers)];
}

/**
 * A batch's per-text runs and boxes packed: null when no text is styled, else the addon's
 * extra arguments (runData, families, boxData, a Uint32Array of styled, run count, box count
 * per text).
 */
function packBatch(options, count) {
  if (options === undefined || options === null) return null;
  if (!isObject(options)) throw typeError('options must be an object ({ runs, boxes })');
  const { runs, boxes } = options;
  if ((runs === undefined || runs === null) && (boxes === undefined || boxes === null)) return null;
  for (const [name, value] of [['runs', runs], ['boxes', boxes]]) {
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value)) throw typeError(`${name} must be an array with one entry per text`);
    if (value.length !== count) {
      throw valueError(`${name} has ${value.length} entries for ${count} texts (one per text, null for plain text)`);
    }
  }
  const runNumbers = [];
  const families = [];
  const boxNumbers = [];
  const counts = new Uint32Array(3 * count);
  for (let index = 0; index < count; index++) {
    const textRuns = runs == null ? null : runs[index];
    const textBoxes = boxes == null ? null : boxes[index];
    if (textRuns == null && textBoxes == null) continue;
    const prefix = `text ${index}: `;
    counts[3 * index] = 1;
    counts[3 * index + 1] = packRuns(textRuns ?? [], runNumbers, families, prefix);
    counts[3 * index + 2] = packBoxes(textBoxes ?? [], boxNumbers, prefix);
  }
  return [new Float64Array(runNumbers), families, new Float64Array(boxNumbers), counts];
}

define(Style.prototype, 'measure', function measure(text, width, options) {
  const styled = styledOf(options, '');
  if (styled !== null) {
    const result = measurementList(styleMeasureStyled.call(this, text, width, ...packStyled(styled)));
    return typeof width === 'number' ? result[0] : result;
  }
  if (typeof width === 'number') {
    styleMeasureInto.call(this, text, width);
    return measurement(scratch, 0);
  }
  return measurementList(styleMeasureWidths.call(this, text, width));
});

define(Style.prototype, 'lines', function lines(text, width) {
  return lineList(styleLines.call(this, text, width));
});

define(Style.prototype, 'prepare', function prepare(text, options) {
  const styled = styledOf(options, '');
  if (styled !== null) return stylePrepare.call(this, text, ...packStyled(styled));
  return stylePrepare.call(this, text);
});

define(Style.prototype, 'measureManySync', function measureManySync(texts, widths, options) {
  const lengths = lengthsOf(texts);
  const styled = packBatch(options, lengths.length);
  const single = typeof widths === 'number';
  const widthCount = widthCountOf(widths);
  const f = takeDoubles(lengths.length * widthCount * 8);
  if (styled !== null) {
    try {
      styleMeasureManySync.call(this, texts, lengths, widths, f, ...styled);
    } catch (error) {
      keepDoubles(f);
      throw error;
    }
  } else {
    styleMeasureManySync.call(this, texts, lengths, widths, f);
  }
  const result = batchResults(f, lengths.length, single, widthCount);
  keepDoubles(f);
  return result;
});

define(Style.prototype, 'measureMany', function measureMany(texts, widths, options) {
  const single = typeof widths === 'number';
  const widthCount = widthCountOf(widths);
  let lengths;
  let styled;
  let f;
  try {
    lengths = lengthsOf(texts);
    styled = packBatch(options, lengths.length);
    f = takeDoubles(lengths.length * widthCount * 8);
  } catch (error) {
    return Promise.reject(error);
  }
  const measured = styled !== null
    ? styleMeasureMany.call(this, texts, lengths, widths, f, ...styled)
    : styleMeasureMany.call(this, texts, lengths, widths, f);
  return measured.then(() => {
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
