'use strict';
// Times the Node addon on what users call (scripts/bench-bindings.sh runs it beside the Swift,
// C and Python figures on the same texts). One figure a line, `name value unit`; each the
// median of 5 rounds after a warm-up, with the style's cache warm.
//   node bench.js MESSAGE TEXTS.jsonl [--width 240]   per-call and batch figures
//   node bench.js --memory TEXTS.jsonl                 RSS and peak RSS at the 100,000th and the
//                                                      1,000,000th measure() call
const fs = require('fs');
const { Style } = require('.');

const ROUNDS = 5;
const args = process.argv.slice(2);
const widthAt = args.indexOf('--width');
const WIDTH = widthAt >= 0 ? Number(args.splice(widthAt, 2)[1]) : 240;
const memoryMode = args[0] === '--memory';
if (memoryMode) args.shift();

/** The "text" of every record of a JSON Lines file (split on \n only). */
function readTexts(path) {
  return fs.readFileSync(path, 'utf8').split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line).text);
}

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

async function speed(message, texts) {
  const style = new Style({});
  const calls = 200000;
  let sink = 0;
  for (let index = 0; index < calls / 10; index++) sink += style.measure(message, WIDTH).lines;
  const measureTime = timeRounds(() => {
    for (let index = 0; index < calls; index++) sink += style.measure(message, WIDTH).lines;
  });
  print('node.measure', (measureTime / calls).toFixed(1), 'ns');

  const prepared = style.prepare(message);
  const preparedTime = timeRounds(() => {
    for (let index = 0; index < calls; index++) sink += prepared.measure(WIDTH).lines;
  });
  print('node.prepared_measure', (preparedTime / calls).toFixed(1), 'ns');
  prepared.close();

  const rate = (time) => Math.round(texts.length / (time / 1e9));
  sink += style.measureManySync(texts, WIDTH).length;
  print('node.measure_many_sync', rate(timeRounds(() => {
    sink += style.measureManySync(texts, WIDTH).length;
  })), 'texts/s');
  print('node.measure_many', rate(await timeRoundsAsync(async () => {
    sink += (await style.measureMany(texts, WIDTH)).length;
  })), 'texts/s');
  // Two batches at once: each on its own libuv worker thread.
  const halves = [texts.slice(0, texts.length >> 1), texts.slice(texts.length >> 1)];
  print('node.measure_many_2_at_once', rate(await timeRoundsAsync(async () => {
    const [a, b] = await Promise.all(halves.map((half) => style.measureMany(half, WIDTH)));
    sink += a.length + b.length;
  })), 'texts/s');
  style.close();
  if (sink === 0) throw new Error('nothing measured');
}

function memory(texts) {
  const style = new Style({});
  const widths = [120, 160, 200, 240, 280, 320, 360];
  const total = 1000000;
  let sink = 0;
  for (let call = 1; call <= total; call++) {
    sink += style.measure(texts[call % texts.length], widths[call % widths.length]).lines;
    if (call === 100000 || call === total) {
      const label = call === total ? '1m' : '100k';
      print(`node.rss_at_${label}`, Math.round(process.memoryUsage().rss / 1024), 'KiB');
      print(`node.peak_rss_at_${label}`, process.resourceUsage().maxRSS, 'KiB');
    }
  }
  style.close();
  if (sink === 0) throw new Error('nothing measured');
}

if (memoryMode) {
  memory(readTexts(args[0]));
} else {
  speed(args[0], readTexts(args[1])).catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
