'use strict';
// Exact values, lines, UTF-16 offsets, prepared texts and the module's surface.
const test = require('node:test');
const assert = require('node:assert');
const autoheight = require('..');
const { Style, PreparedText } = autoheight;

const fixed = { size: 16, lineHeight: 20, fallback: 'none' };
const ranges = (lines) => lines.map((line) => [line.start, line.end]);

test('module exports', () => {
  assert.strictEqual(typeof Style, 'function');
  assert.strictEqual(typeof PreparedText, 'function');
  assert.match(autoheight.version, /^\d+\.\d+\.\d+/);
  for (const name of ['AutoHeightError', 'ArgumentError', 'InputError', 'FontNotFoundError', 'FontError', 'NativeError']) {
    assert.strictEqual(typeof autoheight[name], 'function', name);
  }
});

test('hello world at three widths', () => {
  const style = new Style(fixed);
  const results = style.measure('hello world', [40, 1000, 60]);
  assert.deepStrictEqual(results.map((m) => m.width), [40, 1000, 60]);
  assert.deepStrictEqual(results.map((m) => m.lines), [3, 1, 2]);
  assert.deepStrictEqual(results.map((m) => m.height), [60, 20, 40]);
  assert.deepStrictEqual(results.map((m) => m.maxLineWidth), [36.848, 83.84, 42.83200000000001]);
  assert.deepStrictEqual(results[0], {
    width: 40, lines: 3, height: 60, maxLineWidth: 36.848,
    visibleLines: 3, visibleHeight: 60, overflows: false, missingGlyphs: 0,
  });
  // One width: one object, the same numbers.
  assert.deepStrictEqual(style.measure('hello world', 40), results[0]);
  assert.deepStrictEqual(style.measure('hello world', [60]), [results[2]]);
  style.close();
});

test('lines of hello world', () => {
  const style = new Style(fixed);
  const lines = style.lines('hello world', 40);
  assert.deepStrictEqual(ranges(lines), [[0, 6], [6, 10], [10, 11]]);
  assert.deepStrictEqual(lines.map((line) => line.y), [0, 20, 40]);
  assert.deepStrictEqual(lines.map((line) => line.height), [20, 20, 20]);
  assert.strictEqual(lines[0].width, 36.848);
  assert.deepStrictEqual(Object.keys(lines[0]), ['start', 'end', 'width', 'height', 'y']);
  style.close();
});

test('empty text, trailing newline, CR LF', () => {
  const style = new Style(fixed);
  assert.strictEqual(style.measure('', 100).lines, 1);
  assert.strictEqual(style.measure('', 100).height, 20);
  assert.strictEqual(style.measure('a\n', 100).lines, 2);
  assert.strictEqual(style.measure('a\r\nb', 100).lines, 2);
  assert.strictEqual(style.measure('a\0b', 100).lines, 1);
  assert.deepStrictEqual(ranges(style.lines('', 100)), [[0, 0]]);
  style.close();
});

test('maxLines: visible lines, overflow, line ranges', () => {
  const style = new Style({ ...fixed, maxLines: 2 });
  const result = style.measure('a\nb\r\n', 100);
  assert.strictEqual(result.lines, 3);
  assert.strictEqual(result.height, 60);
  assert.strictEqual(result.visibleLines, 2);
  assert.strictEqual(result.visibleHeight, 40);
  assert.strictEqual(result.overflows, true);
  assert.deepStrictEqual(ranges(style.lines('a\nb\r\n', 100)), [[0, 1], [2, 3], [5, 5]]);
  assert.strictEqual(style.measure('a', 100).overflows, false);
  style.close();
});

test('options: nullish skipped, numbers converted, camelCase and CLI names', () => {
  const a = new Style({ size: 16, lineHeight: 20, fallback: 'none', minLines: undefined, maxLines: null });
  const b = new Style({ 'font-size': '16', 'line-height': '20', fallback: 'none' });
  const c = new Style({ fontSize: 16, lineHeight: '20', fallback: 'none', fallbackFonts: [] });
  const text = 'The quick brown fox jumps over the lazy dog';
  const expected = a.measure(text, [100, 200]);
  assert.deepStrictEqual(b.measure(text, [100, 200]), expected);
  assert.deepStrictEqual(c.measure(text, [100, 200]), expected);
  assert.strictEqual(expected[0].height, expected[0].lines * 20);
  // A fallback font file given as fallbackFonts covers what the primary font lacks.
  const fonts = require('node:path').join(__dirname, '..', 'build', 'fonts');
  const latin = new Style({ fontFile: `${fonts}/NotoSans-Regular.ttf`, fallback: 'none', size: 16 });
  const withHangul = new Style({
    fontFile: `${fonts}/NotoSans-Regular.ttf`, fallbackFonts: [`${fonts}/NanumGothic.ttf`], fallback: 'none', size: 16,
  });
  assert.strictEqual(latin.measure('한국어', 1000).missingGlyphs, 3);
  assert.strictEqual(withHangul.measure('한국어', 1000).missingGlyphs, 0);
  for (const style of [a, b, c, latin, withHangul]) style.close();
});

test('no options: the default style', () => {
  const a = new Style();
  const b = new Style({});
  const c = new Style(null);
  const text = 'Running late, the train is stuck at Dalston. Be there by 8!';
  assert.deepStrictEqual(a.measure(text, 240), b.measure(text, 240));
  assert.deepStrictEqual(c.measure(text, 240), b.measure(text, 240));
  for (const style of [a, b, c]) style.close();
});

test('emoji and CJK: line offsets are UTF-16 offsets', () => {
  const style = new Style(fixed);
  assert.deepStrictEqual(ranges(style.lines('😀 a', 1000)), [[0, 4]]);
  // Two units for each emoji; a break never splits a surrogate pair.
  const emoji = style.lines('😀😀😀😀', 30);
  assert.ok(emoji.length >= 2);
  for (const line of emoji) {
    assert.strictEqual(line.start % 2, 0);
    assert.strictEqual(line.end % 2, 0);
  }
  assert.strictEqual(emoji[emoji.length - 1].end, 8);
  for (const text of ['日本語のテキストです。', '한국어 😀 テキスト 中文 مرحبا', 'a😀b\n😀\r\n中文😀']) {
    const lines = style.lines(text, 30);
    let previous = 0;
    for (const line of lines) {
      assert.ok(line.start >= previous && line.end >= line.start && line.end <= text.length, JSON.stringify(line));
      for (const offset of [line.start, line.end]) {
        const unit = text.charCodeAt(offset);
        assert.ok(!(unit >= 0xdc00 && unit <= 0xdfff), `offset ${offset} splits a surrogate pair in ${text}`);
      }
      previous = line.end;
    }
    assert.strictEqual(lines[lines.length - 1].end, text.length);
    const prepared = style.prepare(text);
    assert.strictEqual(prepared.utf16Length, text.length);
    assert.deepStrictEqual(prepared.lines(30), lines);
    prepared.close();
  }
  assert.deepStrictEqual(ranges(style.lines('日本語', 17)), [[0, 1], [1, 2], [2, 3]]);
  style.close();
});

test('long texts (past the stack buffers) and many widths', () => {
  const style = new Style(fixed);
  const text = 'word '.repeat(2000) + '😀'.repeat(300) + 'é'.repeat(1000);
  const lines = style.lines(text, 50);
  assert.strictEqual(lines[lines.length - 1].end, text.length);
  const widths = Array.from({ length: 100 }, (_, index) => 10 * (index + 1));
  const many = style.measure(text, widths);
  assert.strictEqual(many.length, 100);
  assert.deepStrictEqual(many[4], style.measure(text, 50));
  assert.strictEqual(many[4].lines, lines.length);
  const prepared = style.prepare(text);
  assert.strictEqual(prepared.utf16Length, text.length);
  assert.deepStrictEqual(prepared.measure(widths), many);
  assert.deepStrictEqual(prepared.lines(50), lines);
  assert.deepStrictEqual(style.measureManySync([text, 'x', text], widths)[2], many);
  prepared.close();
  style.close();
});

test('a batch is each text measured alone: empty, one-byte, two-byte and astral texts', async () => {
  const style = new Style(fixed);
  const texts = ['', 'hello world', '', 'é'.repeat(40), '😀 a 😀', '日本語のテキストです。', '', 'a\nb', 'x'.repeat(700), ''];
  const widths = [40, 120];
  const expected = texts.map((text) => style.measure(text, widths));
  assert.deepStrictEqual(style.measureManySync(texts, widths), expected);
  assert.deepStrictEqual(await style.measureMany(texts, widths), expected);
  assert.deepStrictEqual(style.measureManySync(texts, 40), expected.map((results) => results[0]));
  assert.deepStrictEqual(style.measureManySync([''], 40), [style.measure('', 40)]);
  assert.deepStrictEqual(style.measureManySync(['', ''], [40]), [[style.measure('', 40)], [style.measure('', 40)]]);
  style.close();
});

test('prepared text: measure, lines, utf16Length, close', () => {
  const style = new Style(fixed);
  const prepared = style.prepare('hello world');
  assert.ok(prepared instanceof PreparedText);
  assert.strictEqual(prepared.utf16Length, 11);
  assert.deepStrictEqual(prepared.measure(40), style.measure('hello world', 40));
  assert.deepStrictEqual(prepared.measure([40, 1000]), style.measure('hello world', [40, 1000]));
  assert.deepStrictEqual(prepared.lines(40), style.lines('hello world', 40));
  // It keeps working after its style is closed.
  style.close();
  assert.strictEqual(style.closed, true);
  assert.strictEqual(prepared.measure(60).lines, 2);
  assert.strictEqual(prepared.closed, false);
  prepared.close();
  prepared.close();
  assert.strictEqual(prepared.closed, true);
  assert.strictEqual(prepared.utf16Length, 11);
});

test('close() is idempotent; dropped objects are finalized', () => {
  const style = new Style(fixed);
  style.close();
  style.close();
  assert.strictEqual(style.closed, true);
  const v8 = require('node:v8');
  const vm = require('node:vm');
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  for (let round = 0; round < 3; round++) {
    for (let index = 0; index < 100; index++) {
      const dropped = new Style(fixed);
      dropped.prepare(`text ${index}`).measure(100);
      dropped.measure('x', 100);
    }
    gc();
  }
});

test('cache option: a shared Cache or a byte limit', () => {
  const { Cache } = autoheight;
  const cache = new Cache(64 << 20);
  assert.strictEqual(cache.byteCount, 0);
  const a = new Style({ ...fixed, cache });
  const b = new Style({ ...fixed, lineHeight: 30, cache });
  const c = new Style({ ...fixed, cache: 1 << 20 });
  const text = 'The quick brown fox jumps over the lazy dog';
  const expected = new Style(fixed).measure(text, [100, 200]);
  assert.deepStrictEqual(a.measure(text, [100, 200]), expected);
  assert.ok(cache.byteCount > 0);
  assert.strictEqual(b.measure(text, 100).height, expected[0].lines * 30);
  assert.deepStrictEqual(c.measure(text, [100, 200]), expected);
  // The styles keep the cache alive after its handle is closed.
  cache.close();
  cache.close();
  assert.strictEqual(cache.byteCount, 0);
  assert.deepStrictEqual(a.measure(text, [100, 200]), expected);
  assert.throws(() => new Style({ cache }), /cache is closed/);
  for (const bad of [0, -1, 1.5, NaN]) {
    assert.throws(() => new Style({ cache: bad }), autoheight.ArgumentError);
    assert.throws(() => new Cache(bad), autoheight.ArgumentError);
  }
  assert.throws(() => new Style({ cache: 'big' }), TypeError);
  assert.throws(() => new Style({ cache: {} }), TypeError);
  assert.throws(() => new Cache(), TypeError);
  for (const style of [a, b, c]) style.close();
});

test('browser: whose textarea the web profile reproduces', () => {
  const found = {};
  for (const browser of ['chromium', 'firefox', 'webkit']) {
    const style = new Style({ ...fixed, profile: 'web', browser });
    found[browser] = ranges(style.lines('read/writes', 60));
    if (browser === 'firefox') assert.strictEqual(style.measure('m'.repeat(10), 500).maxLineWidth, 8980 / 60);
  }
  assert.deepStrictEqual(found, { chromium: [[0, 7], [7, 11]], firefox: [[0, 5], [5, 11]], webkit: [[0, 7], [7, 11]] });
});
