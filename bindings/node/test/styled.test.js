'use strict';
// Styled text (runs and inline boxes): the CLI's numbers on bindings/fixtures/rich.jsonl through
// measure, prepare, measureManySync and measureMany, and every bad run or box refused.
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');
const { Style, InputError, ArgumentError } = require('..');
const { richPath, readCorpus, cliPath } = require('../support/corpus');

const widths = [120, 240, 360, 480];
const records = readCorpus(richPath);
const fields = ['width', 'lines', 'height', 'maxLineWidth', 'missingGlyphs'];

/** The CLI's records for rich.jsonl at 16 px with `options`, grouped per text (4 widths each). */
function runCLI(options) {
  const cli = cliPath();
  if (!fs.existsSync(cli)) assert.fail(`the AutoHeight CLI is not at ${cli}: build it (swift build) or set AUTOHEIGHT_CLI`);
  const args = ['measure', '--jsonl-input', richPath, '--widths', widths.join(','), '--font-size', '16', '-O', 'jsonl',
    '--no-progress', ...options];
  const run = spawnSync(cli, args, { encoding: 'utf8' });
  assert.ifError(run.error);
  assert.strictEqual(run.status, 0, run.stderr);
  const lines = run.stdout.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line));
  assert.strictEqual(lines.length, records.length * widths.length);
  return records.map((record, index) => lines.slice(index * 4, index * 4 + 4).map((line) => {
    assert.strictEqual(line.id, record.id);
    return Object.fromEntries(fields.map((field) => [field, line[field]]));
  }));
}

const pick = (m) => Object.fromEntries(fields.map((field) => [field, m[field]]));

const styles = [
  ['default style', {}, []],
  ['web, line height 20, no fallback', { profile: 'web', lineHeight: 20, fallback: 'none' },
    ['--profile', 'web', '--line-height', '20', '--fallback', 'none']],
];

for (const [name, options, cliOptions] of styles) {
  test(`rich.jsonl equals the CLI: ${name}`, async () => {
    assert.ok(records.filter((record) => record.runs.length > 0).length >= 15);
    assert.ok(records.filter((record) => record.boxes.length > 0).length >= 12);
    const expected = runCLI(cliOptions);
    const style = new Style({ size: 16, ...options });
    for (const [index, record] of records.entries()) {
      const styled = { runs: record.runs, boxes: record.boxes };
      const several = style.measure(record.text, widths, styled);
      assert.deepStrictEqual(several.map(pick), expected[index], record.id);
      assert.deepStrictEqual(widths.map((width) => style.measure(record.text, width, styled)), several, record.id);
      assert.deepStrictEqual(style.prepare(record.text, styled).measure(widths), several, record.id);
    }
    const texts = records.map((record) => record.text);
    const batch = {
      runs: records.map((record) => record.runs),
      boxes: records.map((record) => record.boxes.map((box) => [box.width, box.height])),
    };
    const sync = style.measureManySync(texts, widths, batch);
    assert.deepStrictEqual(sync.map((row) => row.map(pick)), expected);
    const rows = await style.measureMany(texts, widths, batch);
    assert.deepStrictEqual(rows, sync);
    style.close();
  });
}

test('the C test record: exact numbers; null entries are plain', async () => {
  const style = new Style({ size: 16, fallback: 'none' });
  const text = 'Ship it \ufffc now and later';
  const runs = [{ start: 10, end: 13, weight: 700 }, { start: 0, end: 4, size: 24 }];
  const m = style.measure(text, 60, { runs, boxes: [[20, 30]] });
  assert.deepStrictEqual([m.lines, m.height, m.maxLineWidth], [5, 132.752, 48.96]);
  const family = [runs[0], { start: 0, end: 4, family: 'Noto Sans', style: 'italic', letterSpacing: 1.5 }];
  const wide = style.measure(text, 1000, { runs: family, boxes: [{ width: 20, height: 30 }] });
  assert.deepStrictEqual([wide.lines, wide.height, wide.maxLineWidth], [1, 34.688, 184.448]);
  const plain = style.measure(text, 60);
  assert.deepStrictEqual(style.measure(text, 60, {}), plain);
  assert.deepStrictEqual(style.measure(text, 60, { runs: null, boxes: undefined }), plain);
  assert.notDeepStrictEqual(m, plain);
  const rows = await style.measureMany([text, text], 60, { runs: [runs, null], boxes: [[[20, 30]], null] });
  assert.deepStrictEqual(rows, [m, plain]);
  assert.deepStrictEqual(style.measureManySync([text], 60, { runs: [null] }), [plain]);
  assert.deepStrictEqual(style.measure('hello world', 1000, { runs: [] }), style.measure('hello world', 1000));
});

const TEXT = 'a\u{1F600}b \ufffc c \ufffc'; // the emoji is UTF-16 units 1 and 2; 10 units in all
const BOXES = [[10, 10], [12, 14]];
const engineErrors = [
  [[{ start: 3, end: 11 }], BOXES, "run 0: range 3..<11 outside the text's 10 UTF-16 units"],
  [[{ start: 0, end: 1 }, { start: -1, end: 2 }], BOXES, "run 1: range -1..<2 outside the text's 10 UTF-16 units"],
  [[{ start: 2, end: 4, weight: 700 }], BOXES, 'run 0: offset 2 splits a surrogate pair'],
  [[{ start: 0, end: 2 }], BOXES, 'run 0: offset 2 splits a surrogate pair'],
  [[{ start: 5, end: 4 }], BOXES, 'run 0: end 4 before start 5'],
  [[{ start: 0, end: 4, size: NaN }], BOXES, 'run 0: size nan must be 0.01...10000.0 px'],
  [[{ start: 0, end: 4, size: -3 }], BOXES, 'run 0: size -3.0 must be 0.01...10000.0 px'],
  [[{ start: 0, end: 4, weight: 0 }], BOXES, 'run 0: weight 0 outside 1...1000'],
  [[{ start: 0, end: 4, weight: 1e12 }], BOXES, 'run 0: weight 1000000000000 outside 1...1000'],
  [[{ start: 0, end: 4, letterSpacing: Infinity }], BOXES, 'run 0: letter spacing inf must be finite, at most 10000 px'],
  [[{ start: 0, end: 4, family: '' }], BOXES, 'run 0: empty family name'],
  [[{ start: 0, end: 4, weight: 700 }, { start: 4, end: 6, family: 'No Such Family Anywhere' }], BOXES,
    /^run 1: no font "No Such Family Anywhere" installed/],
  [[], BOXES.slice(0, 1), 'boxes: 1 boxes for 2 U+FFFC characters in the text (one each)'],
  [null, [], 'boxes: 0 boxes for 2 U+FFFC characters in the text (one each)'],
  [[], [[10, 10], [-1, 3]], 'box 1: width -1.0 must be finite, 0...1e9 px'],
  [[], [[10, 10], { width: 3, height: NaN }], 'box 1: height nan must be finite, 0...1e9 px'],
];

/** A matcher: an InputError with the message (a string: exactly). */
function inputError(message) {
  return (thrown) => {
    assert.ok(thrown instanceof InputError, `${thrown && thrown.name}: ${thrown && thrown.message}`);
    assert.strictEqual(thrown.code, 'INPUT');
    if (message instanceof RegExp) assert.match(thrown.message, message);
    else assert.strictEqual(thrown.message, message);
    return true;
  };
}

test('runs and boxes the engine refuses: InputError with its message', async () => {
  const style = new Style({ size: 16, fallback: 'none' });
  for (const [runs, boxes, message] of engineErrors) {
    const options = { runs, boxes };
    assert.throws(() => style.measure(TEXT, 100, options), inputError(message));
    assert.throws(() => style.measure(TEXT, [100, 200], options), inputError(message));
    assert.throws(() => style.prepare(TEXT, options), inputError(message));
    const batch = { runs: [null, runs], boxes: [null, boxes] };
    const prefixed = message instanceof RegExp ? new RegExp(`^text 1: ${message.source.slice(1)}`) : `text 1: ${message}`;
    assert.throws(() => style.measureManySync(['ok', TEXT], 100, batch), inputError(prefixed));
    await assert.rejects(style.measureMany(['ok', TEXT], 100, batch), inputError(prefixed));
  }
  // A lone surrogate in a styled text, alone and in a batch.
  assert.throws(() => style.measure('a\ud800', 100, { runs: [] }), inputError('lone surrogate at UTF-16 offset 1'));
  await assert.rejects(style.measureMany(['ok', 'ab\udc00'], 100, { runs: [null, []] }),
    inputError('text 1: lone surrogate at UTF-16 offset 2'));
  // Bad widths fail the whole batch, before any text, as in a plain batch.
  assert.throws(() => style.measureManySync(['a'], [100, NaN], { runs: [[]] }),
    (thrown) => thrown instanceof ArgumentError
      && thrown.message === 'invalid width nan: must be finite, > 0 and ≤ 1000000000.0 px');
  style.close();
  assert.throws(() => style.measure('a', 100, { runs: [] }), (thrown) => thrown instanceof ArgumentError
    && thrown.message === 'style is closed');
});

test('wrong types are TypeErrors naming the run or box', async () => {
  const style = new Style({ size: 16, fallback: 'none' });
  const cases = [
    [{ runs: 'bold' }, 'runs must be an array of run objects'],
    [{ runs: { start: 0, end: 1 } }, 'runs must be an array of run objects'],
    [{ runs: [[0, 1]] }, 'run 0 must be an object ({ start, end, ... })'],
    [{ runs: [null] }, 'run 0 must be an object ({ start, end, ... })'],
    [{ runs: [{ start: '0', end: 1 }] }, 'run 0: start must be a number (a UTF-16 offset), not string'],
    [{ runs: [{ start: 0 }] }, 'run 0: end must be a number (a UTF-16 offset), not undefined'],
    [{ runs: [{ start: 0, end: 1 }, { start: 0.5, end: 1 }] }, 'run 1: start must be an integer, not 0.5'],
    [{ runs: [{ start: 0, end: 1, weight: 'bold' }] }, 'run 0: weight must be a number, not string'],
    [{ runs: [{ start: 0, end: 1, weight: 700.5 }] }, 'run 0: weight must be an integer, not 700.5'],
    [{ runs: [{ start: 0, end: 1, size: '24' }] }, 'run 0: size must be a number, not string'],
    [{ runs: [{ start: 0, end: 1, letterSpacing: true }] }, 'run 0: letterSpacing must be a number, not boolean'],
    [{ runs: [{ start: 0, end: 1, family: 3 }] }, 'run 0: family must be a string, not number'],
    [{ runs: [{ start: 0, end: 1, family: 'a\0b' }] }, 'run 0: family must not contain NUL'],
    [{ runs: [{ start: 0, end: 1, style: 'oblique' }] }, 'run 0: style must be \'normal\' or \'italic\', not "oblique"'],
    [{ runs: [{ start: 0, end: 1, bold: true }] }, /^run 0: unknown key 'bold'/],
    [{ boxes: 3 }, 'boxes must be an array of { width, height } objects'],
    [{ boxes: [[1, 2, 3]] }, 'box 0 must be { width, height } or [width, height]'],
    [{ boxes: [{ width: 1 }] }, 'box 0: width and height must be numbers'],
    [{ boxes: [['1', 2]] }, 'box 0: width and height must be numbers'],
  ];
  for (const [options, message] of cases) {
    const matches = (prefix) => (thrown) => {
      assert.ok(thrown instanceof TypeError, `${thrown && thrown.name}: ${thrown && thrown.message}`);
      if (message instanceof RegExp) assert.match(thrown.message.slice(prefix.length), message);
      else assert.strictEqual(thrown.message, prefix + message);
      assert.ok(thrown.message.startsWith(prefix));
      return true;
    };
    assert.throws(() => style.measure('ab \ufffc', 100, options), matches(''));
    assert.throws(() => style.prepare('ab \ufffc', options), matches(''));
    const batch = { runs: options.runs === undefined ? undefined : [null, options.runs],
      boxes: options.boxes === undefined ? undefined : [null, options.boxes] };
    // A batch's runs or boxes that are not an array of arrays fail as a whole; the others name the text.
    if (typeof options.runs === 'string' || (options.runs && !Array.isArray(options.runs))) continue;
    if (options.boxes !== undefined && !Array.isArray(options.boxes)) continue;
    assert.throws(() => style.measureManySync(['x', 'ab \ufffc'], 100, batch), matches('text 1: '));
    await assert.rejects(style.measureMany(['x', 'ab \ufffc'], 100, batch), matches('text 1: '));
  }
  assert.throws(() => style.measure('a', 100, 'runs'), (thrown) => thrown instanceof TypeError
    && thrown.message === 'options must be an object ({ runs, boxes })');
  assert.throws(() => style.measureManySync(['a', 'b'], 100, { runs: [[]] }), (thrown) => thrown instanceof TypeError
    && thrown.message === 'runs has 1 entries for 2 texts (one per text, null for plain text)');
  await assert.rejects(style.measureMany(['a'], 100, { boxes: 'none' }), (thrown) => thrown instanceof TypeError
    && thrown.message === 'boxes must be an array with one entry per text');
});
