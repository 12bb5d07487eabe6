'use strict';
// The binding gives the CLI's numbers: every corpus text at four widths, two styles.
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');
const { Style } = require('..');
const { corpusPath, readCorpus, cliPath } = require('../support/corpus');

const widths = [120, 240, 360, 480];
const records = readCorpus();
const texts = records.map((record) => record.text);

/** The CLI's JSONL records for the corpus with `options`. */
function runCLI(options) {
  const cli = cliPath();
  if (!fs.existsSync(cli)) {
    assert.fail(`the AutoHeight CLI is not at ${cli}: build it (swift build) or set AUTOHEIGHT_CLI to its path`);
  }
  const args = ['measure', '--jsonl-input', corpusPath, '--widths', widths.join(','), '-O', 'jsonl', '--no-progress'];
  const run = spawnSync(cli, [...args, ...options], { encoding: 'utf8', maxBuffer: 1 << 30 });
  assert.ifError(run.error);
  assert.strictEqual(run.status, 0, `${cli} ${[...args, ...options].join(' ')} failed:\n${run.stderr}`);
  return run.stdout.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line));
}

async function compare(styleOptions, cliOptions) {
  const expected = runCLI(cliOptions);
  assert.strictEqual(expected.length, records.length * widths.length, 'one CLI record per text per width');
  const style = new Style(styleOptions);
  const results = await style.measureMany(texts, widths);
  style.close();
  assert.strictEqual(results.length, records.length);
  const mismatches = [];
  for (let index = 0; index < expected.length; index++) {
    const want = expected[index];
    const textIndex = Math.floor(index / widths.length);
    const got = results[textIndex][index % widths.length];
    const fields = ['width', 'lines', 'height', 'maxLineWidth', 'missingGlyphs'];
    if (want.id !== records[textIndex].id || fields.some((field) => got[field] !== want[field])) {
      mismatches.push({ id: want.id, cli: want, binding: got });
    }
  }
  assert.deepStrictEqual(mismatches.slice(0, 5), [], `${mismatches.length} of ${expected.length} records differ`);
}

test('default style matches the CLI on the corpus at 4 widths', async () => {
  await compare({}, []);
});

test('web profile, line height 20, 16 px, no fallback matches the CLI', async () => {
  await compare(
    { profile: 'web', lineHeight: 20, size: 16, fallback: 'none' },
    ['--profile', 'web', '--line-height', '20', '--font-size', '16', '--fallback', 'none'],
  );
});

test('measureManySync, measure and prepare agree with measureMany on a sample', async () => {
  const style = new Style({});
  const sample = texts.filter((_, index) => index % 50 === 0);
  const many = await style.measureMany(sample, widths);
  assert.deepStrictEqual(style.measureManySync(sample, widths), many);
  for (let index = 0; index < sample.length; index++) {
    assert.deepStrictEqual(style.measure(sample[index], widths), many[index]);
    const prepared = style.prepare(sample[index]);
    assert.deepStrictEqual(prepared.measure(widths), many[index]);
    assert.strictEqual(prepared.utf16Length, sample[index].length);
    prepared.close();
  }
  // One width: one measurement per text.
  const single = style.measureManySync(sample, 240);
  assert.deepStrictEqual(single, sample.map((text) => style.measure(text, 240)));
  style.close();
});
