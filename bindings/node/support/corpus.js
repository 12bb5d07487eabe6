'use strict';
// Shared by the tests and bench.js: the corpus fixture and the CLI that gives the reference
// results. (Outside test/, where node --test would run it as a test file.)
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..', '..');
const corpusPath = path.join(root, 'bindings', 'fixtures', 'corpus.jsonl');
const richPath = path.join(root, 'bindings', 'fixtures', 'rich.jsonl');

/** The fixture's records ({id, text, ...}), split on "\n" only (texts may hold U+2028). */
function readCorpus(file = corpusPath) {
  const records = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line !== '') records.push(JSON.parse(line));
  }
  return records;
}

/** The CLI: $AUTOHEIGHT_CLI, else .build/debug/autoheight at the top of the repository. */
function cliPath() {
  return process.env.AUTOHEIGHT_CLI
    ? path.resolve(process.env.AUTOHEIGHT_CLI)
    : path.join(root, '.build', 'debug', 'autoheight');
}

module.exports = { root, corpusPath, richPath, readCorpus, cliPath };
