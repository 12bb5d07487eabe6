'use strict';
// Bad input: each a clear exception of the right class, never a crash.
const test = require('node:test');
const assert = require('node:assert');
const {
  Style, PreparedText, AutoHeightError, ArgumentError, InputError, FontNotFoundError, FontError, NativeError,
} = require('..');

const fixed = { size: 16, lineHeight: 20, fallback: 'none' };

/** A matcher for assert.throws/rejects: the class, its code and the exact message. */
function error(errorClass, code, message) {
  return (thrown) => {
    assert.ok(thrown instanceof errorClass, `${thrown && thrown.name} is not a ${errorClass.name}: ${thrown}`);
    if (code !== undefined) assert.strictEqual(thrown.code, code);
    if (message instanceof RegExp) assert.match(thrown.message, message);
    else if (message !== undefined) assert.strictEqual(thrown.message, message);
    return true;
  };
}
const argument = (message) => error(ArgumentError, 'ARGUMENT', message);
const input = (message) => error(InputError, 'INPUT', message);

test('error classes', () => {
  for (const [errorClass, code] of [
    [ArgumentError, 'ARGUMENT'], [InputError, 'INPUT'], [FontNotFoundError, 'FONT_NOT_FOUND'],
    [FontError, 'FONT'], [NativeError, 'NATIVE'],
  ]) {
    const instance = new errorClass('m');
    assert.ok(instance instanceof AutoHeightError && instance instanceof Error);
    assert.strictEqual(instance.code, code);
    assert.strictEqual(instance.name, errorClass.name);
    assert.strictEqual(instance.message, 'm');
  }
});

test('a text that is not a string is a TypeError', () => {
  const style = new Style(fixed);
  for (const text of [42, undefined, null, {}, ['a'], Buffer.from('abc'), Symbol('s'), 1n]) {
    assert.throws(() => style.measure(text, 100), error(TypeError, undefined, 'text must be a string'));
    assert.throws(() => style.measure(text, [100, 200]), error(TypeError, undefined, 'text must be a string'));
    assert.throws(() => style.lines(text, 100), error(TypeError, undefined, 'text must be a string'));
    assert.throws(() => style.prepare(text), error(TypeError, undefined, 'text must be a string'));
  }
  assert.throws(() => style.measure(), TypeError);
  style.close();
});

test('lone surrogates are InputErrors naming the UTF-16 offset', () => {
  const style = new Style(fixed);
  for (const [text, offset] of [['\uD800', 0], ['a\uDC00b', 1], ['ab\uD83D', 2], ['😀\uDE00', 2], ['x'.repeat(600) + '\uDFFF', 600]]) {
    const message = `lone surrogate at UTF-16 offset ${offset}`;
    assert.throws(() => style.measure(text, 100), input(message));
    assert.throws(() => style.measure(text, [100, 200]), input(message));
    assert.throws(() => style.lines(text, 100), input(message));
    assert.throws(() => style.prepare(text), input(message));
    assert.throws(() => style.measureManySync(['ok', text], 100), input(`text 1: ${message}`));
  }
  style.close();
});

test('a batch: surrogates are checked per text, not in the joined string', async () => {
  const style = new Style(fixed);
  // Joined, 'a\uD83D' + '\uDE00b' would be a valid pair; each text alone has a lone surrogate.
  const split = ['a\uD83D', '\uDE00b'];
  assert.throws(() => style.measureManySync(split, 100), input('text 0: lone surrogate at UTF-16 offset 1'));
  await assert.rejects(style.measureMany(split, [100, 200]), input('text 0: lone surrogate at UTF-16 offset 1'));
  assert.throws(() => style.measureManySync(['ok', '', '\uDE00b'], 100), input('text 2: lone surrogate at UTF-16 offset 0'));
  // The offset is the text's own, past texts longer than the stack buffers.
  const long = 'x'.repeat(3000);
  assert.throws(() => style.measureManySync([long, long + '\uD800', long], 100),
    input('text 1: lone surrogate at UTF-16 offset 3000'));
  // The first failing text is reported, whatever its failure.
  const marks = 'a\u0301'.padEnd(2000, '\u0301');
  assert.throws(() => style.measureManySync(['a', marks, '\uD800'], 100), input(/^text 1: .*combining marks/));
  assert.throws(() => style.measureManySync(['a', '\uD800', marks], 100), input('text 1: lone surrogate at UTF-16 offset 0'));
  style.close();
});

test('bad widths: ArgumentError with the library message, TypeError for non-numbers', () => {
  const style = new Style(fixed);
  const prepared = style.prepare('hello');
  const cases = [
    [NaN, 'invalid width nan: must be finite, > 0 and ≤ 1000000000.0 px'],
    [-1, 'invalid width -1.0: must be finite, > 0 and ≤ 1000000000.0 px'],
    [0, 'invalid width 0.0: must be finite, > 0 and ≤ 1000000000.0 px'],
    [Infinity, 'invalid width inf: must be finite, > 0 and ≤ 1000000000.0 px'],
  ];
  for (const [width, message] of cases) {
    assert.throws(() => style.measure('hello', width), argument(message));
    assert.throws(() => style.measure('hello', [100, width]), argument(message));
    assert.throws(() => style.lines('hello', width), argument(message));
    assert.throws(() => prepared.measure(width), argument(message));
    assert.throws(() => prepared.measure([width]), argument(message));
    assert.throws(() => prepared.lines(width), argument(message));
    assert.throws(() => style.measureManySync(['hello'], [width]), argument(message));
  }
  assert.throws(() => style.measure('hello', []), argument(/no widths/));
  for (const width of ['100', undefined, null, {}, [100, '200'], 100n]) {
    assert.throws(() => style.measure('hello', width), TypeError);
    assert.throws(() => prepared.measure(width), TypeError);
    assert.throws(() => style.measureManySync(['hello'], width), TypeError);
  }
  assert.throws(() => style.lines('hello', '100'), TypeError);
  prepared.close();
  style.close();
});

test('bad options', () => {
  assert.throws(() => new Style({ fontFile: '/nonexistent.ttf' }),
    error(FontNotFoundError, 'FONT_NOT_FOUND', 'font file not found: /nonexistent.ttf'));
  assert.throws(() => new Style({ bogus: 1 }), argument(/^unknown style option 'bogus'/));
  assert.throws(() => new Style({ lineHeight: 'tall' }), argument(
    "lineHeight must be metrics, normal, em, a px value (e.g. 24) or a multiple (e.g. 1.5x); got 'tall'"));
  assert.throws(() => new Style({ size: -3 }), ArgumentError);
  assert.throws(() => new Style({ profile: 'web', browser: 'lynx' }),
    argument("browser must be one of chromium, firefox, webkit; got 'lynx'"));
  assert.throws(() => new Style({ browser: 'firefox' }),
    argument('browser firefox applies to profile web only; add profile web'));
  assert.throws(() => new Style({ fallbackFonts: '/x.ttf' }), TypeError);
  assert.throws(() => new Style({ fallbackFonts: ['/nonexistent-fallback.ttf'] }), FontNotFoundError);
  assert.throws(() => new Style({ fontFile: __filename }), error(FontError, 'FONT'));
  assert.throws(() => new Style(42), TypeError);
  assert.throws(() => new Style('size=16'), TypeError);
  assert.throws(() => Style({}), TypeError);
  assert.throws(() => new PreparedText(), TypeError);
});

test('a closed style refuses every use', async () => {
  const style = new Style(fixed);
  style.close();
  const closed = argument('style is closed');
  assert.throws(() => style.measure('hello', 100), closed);
  assert.throws(() => style.measure('hello', [100, 200]), closed);
  assert.throws(() => style.lines('hello', 100), closed);
  assert.throws(() => style.prepare('hello'), closed);
  assert.throws(() => style.measureManySync(['hello'], 100), closed);
  await assert.rejects(style.measureMany(['hello'], 100), closed);
});

test('a closed prepared text refuses every use', () => {
  const style = new Style(fixed);
  const prepared = style.prepare('hello');
  prepared.close();
  const closed = argument('prepared text is closed');
  assert.throws(() => prepared.measure(100), closed);
  assert.throws(() => prepared.measure([100, 200]), closed);
  assert.throws(() => prepared.lines(100), closed);
  style.close();
});

test('methods called on the wrong object', () => {
  const style = new Style(fixed);
  const prepared = style.prepare('x');
  assert.throws(() => Style.prototype.measure.call({}, 'x', 100), TypeError);
  assert.throws(() => Style.prototype.measure.call(prepared, 'x', 100), TypeError);
  assert.throws(() => PreparedText.prototype.measure.call(style, 100), TypeError);
  assert.throws(() => Style.prototype.close.call(prepared), TypeError);
  prepared.close();
  style.close();
});

test('measureMany: bad arguments reject', async () => {
  const style = new Style(fixed);
  await assert.rejects(style.measureMany('hello', [100]), error(TypeError, undefined, 'texts must be an array of strings'));
  await assert.rejects(style.measureMany(undefined, [100]), TypeError);
  await assert.rejects(style.measureMany(['a', 5, 'b'], [100]), error(TypeError, undefined, 'text 1 must be a string'));
  await assert.rejects(style.measureMany(['a'], 'wide'), TypeError);
  await assert.rejects(style.measureMany(['a'], [NaN]), argument(/^invalid width nan/));
  assert.throws(() => style.measureManySync({ length: 1, 0: 'a' }, [100]), TypeError);
  assert.throws(() => style.measureManySync(['a', , 'b'], [100]), error(TypeError, undefined, 'text 1 must be a string')); // eslint-disable-line no-sparse-arrays
  assert.throws(() => style.measureManySync(['a', new String('b')], 100), error(TypeError, undefined, 'text 1 must be a string'));
  await assert.rejects(style.measureMany(['a', null], 100), error(TypeError, undefined, 'text 1 must be a string'));
  // An element that changes each time it is read: refused, never read past the joined string.
  const shifty = ['a', 'b'];
  let reads = 0;
  Object.defineProperty(shifty, 1, { get: () => (reads++ === 0 ? 'b' : 'a much longer text') });
  assert.throws(() => style.measureManySync(shifty, 100), error(TypeError, undefined, 'the texts changed while they were read'));
  reads = 0;
  await assert.rejects(style.measureMany(shifty, 100), error(TypeError, undefined, 'the texts changed while they were read'));
  style.close();
});

test('measureMany rejects for a bad text in the middle', async () => {
  const style = new Style(fixed);
  const texts = ['first', 'second', 'a\u0301'.padEnd(2000, '\u0301'), 'last'];
  await assert.rejects(style.measureMany(texts, [100, 200]), input(/^text 2: .*combining marks/));
  assert.throws(() => style.measureManySync(texts, 100), input(/^text 2: .*combining marks/));
  await assert.rejects(style.measureMany(['a', 'b', 'c\uD800', 'd'], 100), input('text 2: lone surrogate at UTF-16 offset 1'));
  // The style still works afterwards.
  assert.deepStrictEqual((await style.measureMany(['first', 'last'], 100)).map((m) => m.lines), [1, 1]);
  style.close();
});
