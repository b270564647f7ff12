import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readMessage, type MessageReading } from './intent.js';

/**
 * `readings.txt`: one case a line, "sentence → key: value; key: value". Only the keys written are
 * checked; "none" is an empty list or nothing, "yes"/"no" a flag. Lines starting with # are notes.
 */
const FIXTURE = new URL('./readings.txt', import.meta.url);

const list = (values: readonly (string | number)[]) =>
  values.length > 0 ? values.join(', ') : 'none';
const flag = (value: boolean) => (value ? 'yes' : 'no');

/** What a reading says under each key of the fixture. */
const KEYS: Record<string, (reading: MessageReading) => string> = {
  sector: (reading) => reading.sector ?? 'none',
  trades: (reading) => list(reading.trades.map((hit) => hit.trade.id)),
  named: (reading) => flag(reading.trades.some((hit) => hit.named)),
  words: (reading) => list(reading.words),
  places: (reading) => list(reading.places.map((place) => `${place.how} ${place.text}`)),
  budget: (reading) => reading.budget ?? 'none',
  'near me': (reading) => flag(reading.nearMe),
  anywhere: (reading) => flag(reading.anywhere),
  there: (reading) => flag(reading.there),
  radius: (reading) => String(reading.radiusKm ?? 'none'),
  closer: (reading) => flag(reading.closer),
  landmark: (reading) => reading.landmark ?? 'none',
  pick: (reading) => String(reading.pick ?? 'none'),
  more: (reading) => flag(reading.more),
  about: (reading) => reading.about ?? 'none',
  'small talk': (reading) => list(reading.smallTalk),
  nonsense: (reading) => flag(reading.nonsense),
  lang: (reading) => reading.language ?? 'none',
};

const cases = readFileSync(FIXTURE, 'utf8')
  .split('\n')
  .map((line, index) => ({ line: line.trim(), number: index + 1 }))
  .filter(({ line }) => line !== '' && !line.startsWith('#'))
  .map(({ line, number }) => {
    const [sentence, expected] = line.split(' → ');
    if (!sentence || expected === undefined) throw new Error(`readings.txt:${number}: no " → "`);
    const checks = expected.split(';').map((part) => {
      const [key, ...value] = part.split(':');
      const name = key!.trim();
      if (!KEYS[name]) throw new Error(`readings.txt:${number}: unknown key "${name}"`);
      return [name, value.join(':').trim()] as const;
    });
    return { sentence, checks, number };
  });

describe('readings.txt: how Maya reads a sentence', () => {
  it('holds cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });

  it.each(cases)('line $number: $sentence', ({ sentence, checks }) => {
    const reading = readMessage(sentence);
    const actual = Object.fromEntries(checks.map(([key]) => [key, KEYS[key]!(reading)]));
    expect(actual).toEqual(Object.fromEntries(checks));
  });
});
