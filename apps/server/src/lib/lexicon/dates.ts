import { z } from 'zod';
import { fold, foldLetters } from './fold.js';
import data from './words/dates.json' with { type: 'json' };

/**
 * Days as people write and say them, in English and Portuguese, day first as in Europe and
 * Brazil: 2030-09-12, 12/09/2030, 12/09, 12.09.2030, 12 Sept 2030, 12 – 14 Sept 2030,
 * 12 de set. de 2030, 12 a 14 de junho, September 12, 2030; and, for a need, "tomorrow", "no sábado", "next
 * week", "este fim de semana". The words are data (`words/dates.json`), checked when this module
 * loads. Read on folded letters (lower case, no accents), so "Março" and "marco" are one month.
 */

const folded = z
  .string()
  .min(1)
  .refine((phrase) => phrase === fold(phrase), 'written folded: lower case, no accents');
const names = (count: number) => z.array(z.array(z.string().min(1)).min(1)).length(count);

const WORDS = z
  .object({
    months: z.strictObject({ en: names(12), pt: names(12) }),
    relative: z.strictObject({
      today: z.array(folded),
      tomorrow: z.array(folded),
      dayAfterTomorrow: z.array(folded),
      thisWeekend: z.array(folded),
      nextWeekend: z.array(folded),
      nextWeek: z.array(folded),
    }),
    weekdays: z.strictObject({ en: names(7), pt: names(7) }),
    weekdaysAfterCue: z.array(z.array(folded)).length(7),
    weekdayBefore: z.array(folded),
    ordinalSuffixes: z.array(z.string().min(1)),
    rangeWords: z.array(folded),
    monthJoin: z.array(folded),
  })
  .parse(data);

/** A day read from the text: its year when it was written. */
export interface ReadDate {
  year: number | null;
  month: number;
  day: number;
}

/** One written date (or "12 – 14 Sept", two) and where it stands in the folded text. */
export interface WrittenDates {
  index: number;
  length: number;
  dates: ReadDate[];
}

const escape = (text: string) => text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Longest first, each ending at a word's end. */
function alternation(list: string[]): string {
  return [...new Set(list)]
    .sort((a, b) => b.length - a.length)
    .map((name) => `${escape(name)}(?![a-z])`)
    .join('|');
}

const anyMonth = alternation([...WORDS.months.en.flat(), ...WORDS.months.pt.flat()]);
const englishMonth = alternation(WORDS.months.en.flat());
const MONTH_NUMBER = new Map<string, number>(
  [...WORDS.months.en, ...WORDS.months.pt].flatMap((list, index) =>
    list.map((name) => [name, (index % 12) + 1] as const),
  ),
);
const ORDINAL = `(?:${WORDS.ordinalSuffixes.map(escape).join('|')})?`;
const JOIN = `(?:(?:${WORDS.monthJoin.map(escape).join('|')})\\s+)?`;
const EDGE = String.raw`(?<![\p{L}\p{N}.,])`;
const END = String.raw`(?![\p{L}\p{N}])`;
const DASH = String.raw`\s*[-–—]\s*`;
const RANGE_WORDS = alternation(WORDS.rangeWords);
const YEAR = String.raw`(?:,?\s+${JOIN}(\d{4}))?`;
const DATES = new RegExp(
  [
    // 1–3: ISO
    String.raw`${EDGE}(\d{4})-(\d{1,2})-(\d{1,2})${END}`,
    // 4–6: day/month[/year]
    String.raw`${EDGE}(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?${END}`,
    // 7–9: day.month.year, day-month-year
    String.raw`${EDGE}(\d{1,2})[.-](\d{1,2})[.-](\d{4}|\d{2})${END}`,
    // 10–13: [day –] day [de] month[.] [[de] year]
    String.raw`${EDGE}(?:(\d{1,2})${ORDINAL}(?:${DASH}|\s+(?:${RANGE_WORDS})\s+))?(\d{1,2})${ORDINAL}\s+${JOIN}(${anyMonth})\.?${YEAR}${END}`,
    // 14–16: month day[, year]
    String.raw`${EDGE}(${englishMonth})\.?\s+(\d{1,2})${ORDINAL}${YEAR}${END}`,
  ].join('|'),
  'gu',
);

function datesOf(groups: (string | undefined)[]): ReadDate[] {
  const [isoY, isoM, isoD, slashD, slashM, slashY, dotD, dotM, dotY] = groups;
  const [firstD, dayD, monthName, wordY, nameM, nameD, nameY] = groups.slice(9);
  const year = (text: string | undefined) =>
    text === undefined ? null : text.length === 2 ? 2000 + Number(text) : Number(text);
  if (isoY) return [{ year: Number(isoY), month: Number(isoM), day: Number(isoD) }];
  if (slashD) return [{ year: year(slashY), month: Number(slashM), day: Number(slashD) }];
  if (dotD) return [{ year: year(dotY), month: Number(dotM), day: Number(dotD) }];
  if (dayD && monthName) {
    const month = MONTH_NUMBER.get(monthName) ?? 0;
    const last = { year: year(wordY), month, day: Number(dayD) };
    return firstD ? [{ ...last, day: Number(firstD) }, last] : [last];
  }
  return [{ year: year(nameY), month: MONTH_NUMBER.get(nameM ?? '') ?? 0, day: Number(nameD) }];
}

/** Every written date in already folded text (`foldLetters`), in order. */
export function findWrittenDates(foldedText: string): WrittenDates[] {
  return [...foldedText.matchAll(DATES)].map((match) => ({
    index: match.index,
    length: match[0].length,
    dates: datesOf(match.slice(1, 17)),
  }));
}

// "when": the relative words, and weekdays ("no sábado", "on Saturday", "next friday").
type Relative = keyof typeof WORDS.relative;
const RELATIVE = new Map<string, Relative>(
  (Object.entries(WORDS.relative) as [Relative, string[]][]).flatMap(([kind, phrases]) =>
    phrases.map((phrase) => [phrase, kind] as const),
  ),
);
const WEEKDAY_NUMBER = new Map<string, number>(
  [...WORDS.weekdays.en, ...WORDS.weekdays.pt].flatMap((list, index) =>
    list.map((name) => [name, index % 7] as const),
  ),
);
const CUED_WEEKDAY = new Map<string, number>(
  WORDS.weekdaysAfterCue.flatMap((list, index) => list.map((name) => [name, index] as const)),
);
const CUE = `(?:${alternation(WORDS.weekdayBefore)})\\s+`;
const SAID = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(${alternation([...RELATIVE.keys()])})|(?:${CUE})?(${alternation([...WEEKDAY_NUMBER.keys()])})|${CUE}(${alternation([...CUED_WEEKDAY.keys()])}))`,
  'gu',
);
const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

function real({ year, month, day }: { year: number; month: number; day: number }): string | null {
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? iso(ms) : null;
}

/** A written date as a day: without a year, its next one from today on. */
function dayOf(date: ReadDate, today: string): string | null {
  const thisYear = Number(today.slice(0, 4));
  if (date.year !== null) return real({ ...date, year: date.year });
  const first = real({ ...date, year: thisYear });
  if (first !== null && first >= today) return first;
  return real({ ...date, year: thisYear + 1 });
}

/** The days a relative word names, from today (a UTC day). */
function relativeDays(kind: Relative, today: string): [string, string] {
  const start = msOf(today);
  const weekday = new Date(start).getUTCDay();
  const day = (offset: number) => iso(start + offset * DAY_MS);
  const toSaturday = (6 - weekday + 7) % 7;
  switch (kind) {
    case 'today':
      return [today, today];
    case 'tomorrow':
      return [day(1), day(1)];
    case 'dayAfterTomorrow':
      return [day(2), day(2)];
    case 'thisWeekend':
      // On a Sunday, "this weekend" is today.
      return weekday === 0 ? [today, today] : [day(toSaturday), day(toSaturday + 1)];
    case 'nextWeekend':
      return [day(toSaturday + 7), day(toSaturday + 8)];
    case 'nextWeek': {
      const toMonday = (1 - weekday + 7) % 7 || 7;
      return [day(toMonday), day(toMonday + 6)];
    }
  }
}

/** When a need is wanted, read from its words, and the words without it. */
export interface NeedWhen {
  /** The first and last day named, none before today; null when no day is named. */
  when: { from: string; to: string } | null;
  /** The text with the dates taken out (folded), for what is searched. */
  rest: string;
}

/**
 * The days a message names for its need ("12–14 June", "no sábado", "amanhã", "2030-06-01"),
 * from `today` (YYYY-MM-DD): written dates without a year fall on their next occurrence; a
 * weekday on its next one (today's is today); days in the past or that do not exist are left
 * out. Two dates joined by "to", "a", "até" or a dash make a range; several days make a window
 * from the first to the last.
 */
export function readWhen(text: string, today: string): NeedWhen {
  const foldedText = foldLetters(text.normalize('NFC'));
  const spans: { index: number; length: number; days: string[] }[] = [];
  for (const found of findWrittenDates(foldedText)) {
    const days = found.dates.flatMap((date) => dayOf(date, today) ?? []);
    spans.push({ index: found.index, length: found.length, days });
  }
  for (const match of foldedText.matchAll(SAID)) {
    if (
      spans.some(
        (span) =>
          match.index < span.index + span.length && span.index < match.index + match[0].length,
      )
    )
      continue;
    let days: string[];
    if (match[1]) days = relativeDays(RELATIVE.get(match[1])!, today);
    else {
      const weekday = match[2] ? WEEKDAY_NUMBER.get(match[2])! : CUED_WEEKDAY.get(match[3]!)!;
      const offset = (weekday - new Date(msOf(today)).getUTCDay() + 7) % 7;
      days = [iso(msOf(today) + offset * DAY_MS)];
    }
    spans.push({ index: match.index, length: match[0].length, days });
  }
  spans.sort((a, b) => a.index - b.index);
  const days = spans.flatMap((span) => span.days).filter((day) => day >= today);
  let rest = foldedText;
  for (const span of [...spans].reverse()) {
    rest = `${rest.slice(0, span.index)} ${rest.slice(span.index + span.length)}`;
  }
  rest = rest.replaceAll(/\s+/gu, ' ').trim();
  if (days.length === 0) return { when: null, rest };
  const sorted = [...days].sort();
  return { when: { from: sorted[0]!, to: sorted.at(-1)! }, rest };
}
