/**
 * `npm run eval:finding`: does a buyer find the right seller, in plain search and through Maya?
 *
 * Starts the real server on an empty temporary database, signs up the hand-written sellers
 * through the public API, then sends every request to the directory (`GET /api/v1/users?q=` with
 * the words as typed) and to Maya (`POST /api/v1/assistant/chat`, turn by turn), one call at a
 * time, and prints plain search and Maya side by side: overall, per category, per language.
 * Writes bench/results/finding.json (finding-subset.json for a subset), with every answer.
 *
 *   npm run eval:finding
 *   npm run eval:finding -- --category typos,near --lang pt-BR --misses
 *   npm run eval:finding -- --only maya --id francesinha
 *
 * Options: --category <list>, --lang <en,pt-PT,pt-BR>, --id <part of a request id>,
 * --only <search|maya>, --misses (one line per miss). AI_PROVIDER, AI_BASE_URL, AI_MODEL,
 * AI_API_KEY and AI_TEMPERATURE are passed to the server, to measure Maya on an LLM provider.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { UIMessage } from 'ai';
import { createClient, readReply, type MayaReply } from './api.js';
import {
  groupBy,
  printGroups,
  printMisses,
  printOverall,
  summarize,
  type RequestResult,
} from './report.js';
import { requests as allRequests } from './requests/index.js';
import { scoreMaya, scoreSearch, type Roster } from './score.js';
import { sellers } from './sellers/index.js';
import { startEvalServer } from './server.js';
import { categories, type EvalRequest } from './types.js';

const resultsDir = fileURLToPath(new URL('../../bench/results/', import.meta.url));

const { values: options } = parseArgs({
  options: {
    category: { type: 'string' },
    lang: { type: 'string' },
    id: { type: 'string' },
    only: { type: 'string' },
    misses: { type: 'boolean', default: false },
  },
});

function list(value: string | undefined): string[] | undefined {
  return value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The data must hold together before anything is measured with it. */
function checkData(): void {
  const problems: string[] = [];
  const keys = new Set<string>();
  for (const seller of sellers) {
    if (keys.has(seller.key)) problems.push(`seller key ${seller.key} is used twice`);
    keys.add(seller.key);
    if (!seller.name.includes(' ')) problems.push(`${seller.key}: the name needs two words`);
  }
  const ids = new Set<string>();
  for (const request of allRequests) {
    if (ids.has(request.id)) problems.push(`request ${request.id} is written twice`);
    ids.add(request.id);
    for (const turn of request.turns) {
      if (turn.length > 200)
        problems.push(`${request.id}: a turn is over the 200-character query limit`);
    }
    if (Array.isArray(request.expect)) {
      for (const key of request.expect) {
        if (!keys.has(key)) problems.push(`${request.id}: no seller ${key}`);
      }
      if (request.expect.length === 0) problems.push(`${request.id}: write 'none' for nobody`);
    }
  }
  if (problems.length > 0)
    throw new Error(`The evaluation data is inconsistent:\n${problems.join('\n')}`);
}

/** The right sellers' keys; "the n-th one" is the n-th card of Maya's previous answer. */
function resolveExpected(request: EvalRequest, previous: MayaReply | undefined, roster: Roster) {
  if (Array.isArray(request.expect)) return request.expect;
  if (typeof request.expect !== 'object') return [];
  const id = previous?.cards[request.expect.previousCard - 1]?.id;
  return id ? [roster.keyById.get(id) ?? `?${id}`] : [];
}

function select(): EvalRequest[] {
  const wantedCategories = list(options.category);
  const unknown = wantedCategories?.filter((c) => !(categories as readonly string[]).includes(c));
  if (unknown?.length) {
    throw new Error(`Unknown category ${unknown.join(', ')}. Known: ${categories.join(', ')}`);
  }
  const wantedLanguages = list(options.lang);
  return allRequests.filter(
    (request) =>
      (!wantedCategories || wantedCategories.includes(request.category)) &&
      (!wantedLanguages || wantedLanguages.includes(request.lang)) &&
      (!options.id || request.id.includes(options.id)),
  );
}

const runSearch = options.only !== 'maya';
const runMaya = options.only !== 'search';

checkData();
const selected = select();
if (selected.length === 0) throw new Error('No request matches these options.');
const subset = selected.length !== allRequests.length || !runSearch || !runMaya;

const startedAt = Date.now();
const server = await startEvalServer();
try {
  const client = createClient(server.url);

  // Every seller, whatever the subset: the right answer must win against all the others.
  const roster: Roster = { keyById: new Map(), byKey: new Map() };
  for (const seller of sellers) {
    roster.keyById.set(await client.signUpSeller(seller), seller.key);
    roster.byKey.set(seller.key, seller);
  }
  const buyers = new Map<EvalRequest, string>();
  for (const [index, request] of selected.entries()) {
    if (request.askerAt)
      buyers.set(request, await client.signUpBuyer(`buyer-${index}`, request.askerAt));
    if (request.askerIs) buyers.set(request, client.sellerToken(request.askerIs));
  }
  console.log(
    `${sellers.length} sellers signed up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; ${selected.length} requests.`,
  );

  // Warm-up, not measured: the first calls compile and load what later calls reuse.
  await client.search('warm up');
  await client.chat([], 'hello');

  const results: RequestResult[] = [];
  for (const request of selected) {
    const result: RequestResult = { request };
    // A business asking Maya is no search-box request.
    if (runSearch && request.turns.length === 1 && !request.askerIs) {
      result.search = scoreSearch(request, roster, await client.search(request.turns[0]!));
    }
    if (runMaya) {
      let history: UIMessage[] = [];
      let previous: MayaReply | undefined;
      let reply: MayaReply = readReply(undefined);
      let status = 200;
      let error: string | undefined;
      const turnMs: number[] = [];
      for (const text of request.turns) {
        previous = reply;
        const answer = await client.chat(history, text, buyers.get(request), request.lang);
        reply = readReply(answer.message);
        turnMs.push(answer.ms);
        if (answer.status !== 200) status = answer.status;
        error ??= answer.error ?? (reply.malformed > 0 ? 'malformed tool output' : undefined);
        history = [
          ...history,
          { id: `u${history.length}`, role: 'user', parts: [{ type: 'text', text }] },
          ...(answer.message ? [answer.message] : []),
        ];
      }
      const expected = resolveExpected(request, previous, roster);
      result.maya = scoreMaya(request, roster, { status, error, reply, turnMs }, expected);
    }
    results.push(result);
  }

  const overall = summarize(results);
  const byCategory = groupBy(results, (result) => result.request.category);
  const byLanguage = groupBy(results, (result) => result.request.lang);

  if (options.misses) {
    console.log(
      '\nMisses (rank 1 expected; none/small talk not passed; injection first; wrong language)',
    );
    printMisses(results);
  }
  console.log('\nOverall');
  printOverall(overall);
  console.log(
    '\nBy category (S = plain search, M = Maya; none = says none found, talk = small talk)',
  );
  printGroups('category', byCategory);
  console.log('\nBy language');
  printGroups('language', byLanguage);
  if (server.errors.length > 0) {
    console.log(`\nServer logged ${server.errors.length} error(s):`);
    for (const line of [...new Set(server.errors)].slice(0, 10)) console.log(`  ${line}`);
  }

  const name = subset ? 'finding-subset' : 'finding';
  await mkdir(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  await writeFile(
    file,
    `${JSON.stringify(
      {
        name,
        date: new Date().toISOString(),
        node: process.version,
        aiProvider: process.env.AI_PROVIDER ?? 'builtin',
        options,
        sellers: sellers.length,
        seconds: Math.round((Date.now() - startedAt) / 1000),
        overall,
        byCategory,
        byLanguage,
        serverErrors: server.errors,
        results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nWrote ${file} in ${Math.round((Date.now() - startedAt) / 1000)} s.`);
} finally {
  await server.stop();
}
