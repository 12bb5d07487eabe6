'use strict';
// Benchmarks of the binding, one figure a line: `name value unit`.
//   node bench.js           ns per measure() call, messages/s of measureManySync and measureMany
//   node bench.js --memory  RSS over 1,000,000 measure() calls on varying texts
// Each figure is the median of 5 rounds after a warm-up, with the style's cache warm. The
// fixture's distinct texts need about 20 MB of segment cache, more than a style's default
// 16 MiB: the batch figures are given with the default style and with a 64 MiB cache.
const { Style } = require('.');
const { readCorpus } = require('./support/corpus');

const MESSAGE = 'Running late, the train is stuck at Dalston. Be there by 8pm';
if (MESSAGE.length !== 60) throw new Error(`the chat message is ${MESSAGE.length} characters, not 60`);
const WIDTH = 240;
const ROUNDS = 5;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median ns of one round of `body` over ROUNDS rounds. */
function timeRounds(body) {
  const times = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    body();
    times.push(Number(process.hrtime.bigint() - start));
  }
  return median(times);
}

async function timeRoundsAsync(body) {
  const times = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    await body();
    times.push(Number(process.hrtime.bigint() - start));
  }
  return median(times);
}

function print(name, value, unit) {
  console.log(`${name} ${value} ${unit}`);
}

/** `count` texts from the fixture, cycling. */
function corpusMessages(count) {
  const texts = readCorpus().map((record) => record.text);
  return Array.from({ length: count }, (_, index) => texts[index % texts.length]);
}

async function speed() {
  const style = new Style({});

  // One measure call: the 60-character chat message at 240 px.
  const calls = 200000;
  let sink = 0;
  for (let index = 0; index < calls; index++) sink += style.measure(MESSAGE, WIDTH).lines;
  const measureTime = timeRounds(() => {
    for (let index = 0; index < calls; index++) sink += style.measure(MESSAGE, WIDTH).lines;
  });
  print('measure_ns_per_call', (measureTime / calls).toFixed(1), 'ns');

  // The same through a prepared text (its arithmetic only).
  const prepared = style.prepare(MESSAGE);
  for (let index = 0; index < calls; index++) sink += prepared.measure(WIDTH).lines;
  const preparedTime = timeRounds(() => {
    for (let index = 0; index < calls; index++) sink += prepared.measure(WIDTH).lines;
  });
  print('prepared_measure_ns_per_call', (preparedTime / calls).toFixed(1), 'ns');
  prepared.close();

  // Batches: 100,000 fixture texts (cycling), one width.
  const messages = corpusMessages(100000);
  const rate = (time) => Math.round(messages.length / (time / 1e9));
  sink += style.measureManySync(messages, WIDTH).length;
  const syncTime = timeRounds(() => {
    sink += style.measureManySync(messages, WIDTH).length;
  });
  print('measureManySync_messages_per_s', rate(syncTime), 'messages/s');
  style.close();

  const cached = new Style({ cache: 64 << 20 });
  sink += cached.measureManySync(messages, WIDTH).length;
  const cachedSyncTime = timeRounds(() => {
    sink += cached.measureManySync(messages, WIDTH).length;
  });
  print('measureManySync_cache64MiB_messages_per_s', rate(cachedSyncTime), 'messages/s');

  sink += (await cached.measureMany(messages, WIDTH)).length;
  const asyncTime = await timeRoundsAsync(async () => {
    sink += (await cached.measureMany(messages, WIDTH)).length;
  });
  print('measureMany_cache64MiB_messages_per_s', rate(asyncTime), 'messages/s');
  cached.close();
  if (sink === 0) throw new Error('nothing measured');
}

function memory() {
  const style = new Style({});
  const texts = readCorpus().map((record) => record.text).filter((text) => text.length <= 300);
  const total = 1000000;
  let sink = 0;
  for (let index = 1; index <= total; index++) {
    // Varying texts: a fixture text with a number, every one new to the cache.
    sink += style.measure(`${texts[index % texts.length]} #${index}`, WIDTH + (index % 7) * 40).lines;
    if (index === 100000 || index === total) print(`rss_at_${index}`, process.memoryUsage().rss, 'bytes');
  }
  print('max_rss', process.resourceUsage().maxRSS * 1024, 'bytes');
  style.close();
  if (sink === 0) throw new Error('nothing measured');
}

if (process.argv.includes('--memory')) {
  memory();
} else {
  speed().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
