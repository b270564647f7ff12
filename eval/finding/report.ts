import { FAR_KM, type MayaOutcome, type Outcome } from './score.js';
import type { EvalRequest } from './types.js';

export interface RequestResult {
  request: EvalRequest;
  /** Absent for conversations: the directory keeps none. */
  search?: Outcome;
  maya?: MayaOutcome;
}

/** A share with its counts, so a figure on 3 requests is never mistaken for one on 300. */
export interface Share {
  rate: number | null;
  hits: number;
  of: number;
}

export interface Figures {
  requests: number;
  answerable: number;
  top1: Share;
  top3: Share;
  mrr: number | null;
  /** Answerable requests that got no seller at all. */
  empty: Share;
  /** Nobody fits, and the answer says so. */
  noneFound: Share;
  /** Small talk answered with words and no seller. */
  smallTalk: Share;
  /** Maya's own words in the asker's language (Maya only). */
  language?: Share;
  /** Maya's cards whose reason quotes only the seller's own words. */
  reasonsTrue?: Share;
  /** Maya's cards whose reason is in the asker's language, with no word of the other. */
  reasonsInLanguage?: Share;
  /** Maya's alternatives further than FAR_KM from the place searched. */
  farAlternatives?: number;
  /** Cards or links for sellers that do not exist. */
  inventedSellers: number;
  /** Requests where an injecting seller came first without being a right answer. */
  injectionFirst: number;
  /** Calls that answered non-2xx or whose stream failed. */
  failedCalls: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

function share(hits: number, of: number): Share {
  return { rate: of === 0 ? null : hits / of, hits, of };
}

function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function figures(outcomes: Outcome[], latencies: number[]): Figures {
  const answerable = outcomes.filter((outcome) => outcome.kind === 'answerable');
  const none = outcomes.filter((outcome) => outcome.kind === 'none');
  const reply = outcomes.filter((outcome) => outcome.kind === 'reply');
  const maya = outcomes.filter((outcome): outcome is MayaOutcome => 'turnMs' in outcome);
  const judged = maya.filter((outcome) => outcome.languageOk !== undefined);
  return {
    requests: outcomes.length,
    answerable: answerable.length,
    top1: share(answerable.filter((o) => o.rank === 1).length, answerable.length),
    top3: share(answerable.filter((o) => o.rank >= 1 && o.rank <= 3).length, answerable.length),
    mrr:
      answerable.length === 0
        ? null
        : answerable.reduce((sum, o) => sum + (o.rank > 0 ? 1 / o.rank : 0), 0) / answerable.length,
    empty: share(answerable.filter((o) => o.shown.length === 0).length, answerable.length),
    noneFound: share(none.filter((o) => o.passed).length, none.length),
    smallTalk: share(reply.filter((o) => o.passed).length, reply.length),
    ...(maya.length > 0
      ? { language: share(judged.filter((o) => o.languageOk).length, judged.length) }
      : {}),
    ...(maya.length > 0 && {
      reasonsTrue: share(
        maya.reduce((sum, o) => sum + o.reasonsTrue, 0),
        maya.reduce((sum, o) => sum + o.cardsJudged, 0),
      ),
      reasonsInLanguage: share(
        maya.reduce((sum, o) => sum + (o.reasonsInLanguage ?? 0), 0),
        maya.reduce((sum, o) => sum + (o.reasonsInLanguage === undefined ? 0 : o.cardsJudged), 0),
      ),
      farAlternatives: maya.reduce((sum, o) => sum + o.farAlternatives, 0),
    }),
    inventedSellers: outcomes.reduce((sum, o) => sum + o.invented, 0),
    injectionFirst: outcomes.filter((o) => o.injectionFirst).length,
    failedCalls: outcomes.filter((o) => o.status !== 200 || o.error !== undefined).length,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
  };
}

export function summarize(results: RequestResult[]) {
  const searchOutcomes = results.flatMap((r) => (r.search ? [r.search] : []));
  const mayaOutcomes = results.flatMap((r) => (r.maya ? [r.maya] : []));
  return {
    search: figures(
      searchOutcomes,
      searchOutcomes.map((o) => o.ms),
    ),
    maya: figures(
      mayaOutcomes,
      mayaOutcomes.flatMap((o) => o.turnMs),
    ),
  };
}

export function groupBy(
  results: RequestResult[],
  key: (result: RequestResult) => string,
): Record<string, ReturnType<typeof summarize>> {
  const groups = new Map<string, RequestResult[]>();
  for (const result of results) {
    const name = key(result);
    groups.set(name, [...(groups.get(name) ?? []), result]);
  }
  return Object.fromEntries([...groups].map(([name, group]) => [name, summarize(group)]));
}

// Printing

const percent = (value: Share | undefined) =>
  !value || value.rate === null ? '–' : `${Math.round(value.rate * 100)}%`;
const counted = (value: Share | undefined) =>
  !value || value.rate === null ? '–' : `${percent(value)} (${value.hits}/${value.of})`;
const decimal = (value: number | null) => (value === null ? '–' : value.toFixed(2));
const ms = (value: number | null) => (value === null ? '–' : `${Math.round(value)}`);

/** Columns aligned; the first left, the rest right. */
function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

export function printOverall(overall: ReturnType<typeof summarize>): void {
  const { search, maya } = overall;
  const row = (name: string, a: string, b: string) => [name, a, b];
  printTable(
    ['', 'plain search', 'Maya'],
    [
      row('requests', String(search.requests), String(maya.requests)),
      row('top-1 (answerable)', counted(search.top1), counted(maya.top1)),
      row('top-3 (answerable)', counted(search.top3), counted(maya.top3)),
      row('MRR (answerable)', decimal(search.mrr), decimal(maya.mrr)),
      row('empty answer (answerable)', counted(search.empty), counted(maya.empty)),
      row('says none found (nobody fits)', counted(search.noneFound), counted(maya.noneFound)),
      row('small talk, no seller', counted(search.smallTalk), counted(maya.smallTalk)),
      row('in the asker’s language', '–', counted(maya.language)),
      row('card reasons true to the seller', '–', counted(maya.reasonsTrue)),
      row('card reasons in the asker’s language', '–', counted(maya.reasonsInLanguage)),
      row(`alternatives further than ${FAR_KM} km`, '–', String(maya.farAlternatives ?? '–')),
      row(
        'cards for sellers that do not exist',
        String(search.inventedSellers),
        String(maya.inventedSellers),
      ),
      row(
        'injecting seller first, irrelevant',
        String(search.injectionFirst),
        String(maya.injectionFirst),
      ),
      row(
        'failed calls (non-2xx, broken stream)',
        String(search.failedCalls),
        String(maya.failedCalls),
      ),
      row('latency p50 ms', ms(search.p50Ms), ms(maya.p50Ms)),
      row('latency p95 ms', ms(search.p95Ms), ms(maya.p95Ms)),
    ],
  );
}

export function printGroups(title: string, groups: Record<string, ReturnType<typeof summarize>>) {
  printTable(
    [
      title,
      'n',
      'S top1',
      'S top3',
      'S MRR',
      'S empty',
      'S none',
      'S talk',
      'M top1',
      'M top3',
      'M MRR',
      'M empty',
      'M none',
      'M talk',
      'M lang',
      'M inj1',
      'M p95',
    ],
    Object.entries(groups).map(([name, { search, maya }]) => [
      name,
      String(maya.requests),
      percent(search.top1),
      percent(search.top3),
      decimal(search.mrr),
      percent(search.empty),
      percent(search.noneFound),
      percent(search.smallTalk),
      percent(maya.top1),
      percent(maya.top3),
      decimal(maya.mrr),
      percent(maya.empty),
      percent(maya.noneFound),
      percent(maya.smallTalk),
      percent(maya.language),
      String(maya.injectionFirst),
      ms(maya.p95Ms),
    ]),
  );
}

/** One line per miss, to find what to fix (never to tune the code to that one request). */
export function printMisses(results: RequestResult[]): void {
  for (const { request, search, maya } of results) {
    for (const [target, outcome] of [
      ['search', search],
      ['maya', maya],
    ] as const) {
      if (!outcome) continue;
      const missed = outcome.kind === 'answerable' ? outcome.rank !== 1 : outcome.passed !== true;
      const wrongLanguage = target === 'maya' && maya?.languageOk === false;
      if (!missed && !outcome.injectionFirst && !wrongLanguage) continue;
      const want =
        outcome.kind === 'answerable' ? outcome.expected.slice(0, 3).join(', ') : outcome.kind;
      const language = wrongLanguage ? `  language ${maya?.language ?? '?'}` : '';
      const said = target === 'maya' && maya ? ` — "${maya.text.slice(0, 140)}"` : '';
      console.log(
        `${target.padEnd(6)} ${request.id}  rank ${outcome.rank || '-'}  shown [${outcome.shown.slice(0, 3).join(', ')}]  want [${want}]${language}${said}`,
      );
    }
  }
}
