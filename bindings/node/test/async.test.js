'use strict';
// measureMany runs on a worker thread: the event loop keeps turning while it measures.
const test = require('node:test');
const assert = require('node:assert');
const { Style } = require('..');
const { readCorpus } = require('../support/corpus');

const corpus = readCorpus().map((record) => record.text).filter((text) => text.length <= 200);
const texts = Array.from({ length: 20000 }, (_, index) => corpus[index % corpus.length]);

test('measureMany does not block the event loop', async () => {
  const style = new Style({});
  let settled = false;
  let immediateRanFirst = false;
  let timerRanFirst = false;
  let measuredMeanwhile = 0;
  setImmediate(() => {
    immediateRanFirst = !settled;
  });
  setTimeout(() => {
    timerRanFirst = !settled;
  }, 1);
  // The style is used on this thread while the worker thread measures with it.
  const interval = setInterval(() => {
    if (!settled) measuredMeanwhile += style.measure('measured meanwhile', 100).lines;
  }, 1);
  const results = await style.measureMany(texts, [120, 240]);
  settled = true;
  clearInterval(interval);
  assert.ok(immediateRanFirst, 'a setImmediate callback ran before measureMany resolved');
  assert.ok(timerRanFirst, 'a timer ran before measureMany resolved');
  assert.ok(measuredMeanwhile > 0, 'the style measured on the main thread meanwhile');
  assert.strictEqual(results.length, texts.length);
  assert.deepStrictEqual(results[corpus.length], results[0]);
  assert.deepStrictEqual(results[7], style.measure(texts[7], [120, 240]));
  style.close();
});

test('concurrent measureMany calls resolve in input order', async () => {
  const style = new Style({});
  const chunks = [texts.slice(0, 3000), texts.slice(3000, 6000), texts.slice(6000, 9000)];
  const [a, b, c] = await Promise.all(chunks.map((chunk) => style.measureMany(chunk, 240)));
  assert.deepStrictEqual([...a, ...b, ...c], style.measureManySync(texts.slice(0, 9000), 240));
  style.close();
});

test('closing a style while measureMany runs', async () => {
  const style = new Style({});
  const pending = style.measureMany(texts.slice(0, 5000), 240);
  style.close();
  assert.throws(() => style.measure('x', 100), /style is closed/);
  const results = await pending;
  assert.strictEqual(results.length, 5000);
  const fresh = new Style({});
  assert.deepStrictEqual(results[4999], fresh.measure(texts[4999], 240));
  fresh.close();
});

test('an empty batch', async () => {
  const style = new Style({});
  assert.deepStrictEqual(await style.measureMany([], [100, 200]), []);
  assert.deepStrictEqual(style.measureManySync([], 100), []);
  style.close();
});

test('a style collected while its measureMany runs', async () => {
  const v8 = require('node:v8');
  const vm = require('node:vm');
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  const pending = (() => new Style({}).measureMany(texts.slice(0, 5000), 240))();
  gc();
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  assert.strictEqual((await pending).length, 5000);
  gc();
});
