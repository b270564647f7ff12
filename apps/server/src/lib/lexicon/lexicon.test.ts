import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sectors } from '@maya/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { editDistance, fold, foldLetters, typoBudget, typoDistance } from './fold.js';
import { DEFAULT_LEXICON_DIR, LexiconError, loadLexicon, phrasesPattern } from './lexicon.js';

const lexicon = loadLexicon();

/** Every list of strings in a JSON value, with where it is. */
function stringLists(value: unknown, at: string): [string, string[]][] {
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((item) => typeof item === 'string')) {
      return [[at, value]];
    }
    return value.flatMap((item, index) => stringLists(item, `${at}[${index}]`));
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringLists(item, `${at}.${key}`));
  }
  return [];
}

/** Every word a trade is read by: its nouns, singular and plural, and its cues, folded. */
const wordsOf = (trade: (typeof lexicon.trades)[number]) => [
  ...new Set(
    [
      ...[...trade.en, ...trade.pt].flatMap((noun) => [noun.one, noun.many]),
      ...(trade.cues?.en ?? []),
      ...(trade.cues?.pt ?? []),
      ...(trade.cues?.both ?? []),
    ].map(foldLetters),
  ),
];

describe('the lexicon data', () => {
  it('gives every trade English and Portuguese nouns and a known sector (or none, said so)', () => {
    expect(lexicon.trades.length).toBeGreaterThan(30);
    for (const trade of lexicon.trades) {
      expect(trade.en.length, trade.id).toBeGreaterThan(0);
      expect(trade.pt.length, trade.id).toBeGreaterThan(0);
      if (trade.sector !== null) expect(sectors, trade.id).toContain(trade.sector);
    }
    // Every sector has its nouns, in both languages.
    expect(Object.keys(lexicon.sectors).sort()).toEqual([...sectors].sort());
  });

  it('puts a word in two trades only where it is declared ambiguous', () => {
    const declared = new Map(
      lexicon.ambiguous.flatMap((entry) =>
        entry.words.map((word) => [foldLetters(word), new Set(entry.trades)] as const),
      ),
    );
    const owners = new Map<string, string[]>();
    for (const trade of lexicon.trades) {
      for (const word of wordsOf(trade)) owners.set(word, [...(owners.get(word) ?? []), trade.id]);
    }
    const undeclared = [...owners]
      .filter(([, trades]) => trades.length > 1)
      .filter(([word, trades]) => !trades.every((id) => declared.get(word)?.has(id)))
      .map(([word, trades]) => `${word}: ${trades.join(', ')}`);
    expect(undeclared).toEqual([]);
    // A declared word is in at least two of its trades: the declaration says something.
    for (const [word, trades] of declared) {
      expect([...trades].filter((id) => owners.get(word)?.includes(id)).length, word).toBe(
        trades.size,
      );
    }
  });

  it('holds each word once per list, as folded', () => {
    const files = ['trades', 'sectors', 'budget', 'filler', 'places', 'cues', 'search'];
    const repeated: string[] = [];
    for (const file of files) {
      const data: unknown = JSON.parse(
        readFileSync(join(DEFAULT_LEXICON_DIR, `${file}.json`), 'utf8'),
      );
      for (const [at, list] of stringLists(data, file)) {
        const seen = new Set<string>();
        for (const word of list.map(foldLetters)) {
          if (seen.has(word)) repeated.push(`${at}: ${word}`);
          seen.add(word);
        }
      }
    }
    expect(repeated).toEqual([]);
  });

  it('compiles every cue phrase', () => {
    expect(phrasesPattern(['near my (place|home)']).test(' near my home ')).toBe(true);
    expect(phrasesPattern(['hi+']).test(' hiii ')).toBe(true);
    expect(phrasesPattern(['thank you[ so much]']).test(' thank you ')).toBe(true);
    expect(phrasesPattern(['thank you[ so much]']).test(' thank you so much ')).toBe(true);
    for (const kind of lexicon.cues.smallTalk)
      expect(() => phrasesPattern(kind.phrases)).not.toThrow();
  });
});

describe('loading a lexicon folder', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  function copy(change: (dir: string) => void): string {
    const dir = mkdtempSync(join(tmpdir(), 'maya-lexicon-'));
    dirs.push(dir);
    cpSync(DEFAULT_LEXICON_DIR, dir, { recursive: true });
    change(dir);
    return dir;
  }
  const edit = (dir: string, file: string, change: (data: any) => void) => {
    const path = join(dir, file);
    const data = JSON.parse(readFileSync(path, 'utf8'));
    change(data);
    writeFileSync(path, JSON.stringify(data));
  };

  it('refuses a file that is not JSON, naming it', () => {
    const dir = copy((dir) => writeFileSync(join(dir, 'cues.json'), '{ "nearMe": ['));
    expect(() => loadLexicon(dir)).toThrow(LexiconError);
    expect(() => loadLexicon(dir)).toThrow(/cues\.json/);
  });

  it('refuses an entry of the wrong shape, naming the file and the entry', () => {
    const dir = copy((dir) =>
      edit(dir, 'trades.json', (data) => {
        data.trades[0].pt = [];
        data.trades[1].sector = 'plumbing';
      }),
    );
    expect(() => loadLexicon(dir)).toThrow(
      /trades\.json[\s\S]*trades\.0\.pt[\s\S]*trades\.1\.sector/,
    );
  });

  it('refuses a phrase whose brackets do not close, and an unknown trade in a declaration', () => {
    const phrase = copy((dir) => edit(dir, 'cues.json', (data) => data.nearMe.push('near (me')));
    expect(() => loadLexicon(phrase)).toThrow(/cues\.json[\s\S]*nearMe\.\d+: Not a phrase/);
    const ambiguous = copy((dir) =>
      edit(dir, 'trades.json', (data) => data.ambiguous.push({ words: ['x'], trades: ['a', 'b'] })),
    );
    expect(() => loadLexicon(ambiguous)).toThrow(/unknown trade a/);
  });
});

describe('the fold, the typo rule and the edit distance', () => {
  it('folds accents, special letters and compatibility forms', () => {
    expect(fold('Jørn Dahl')).toBe('jorn dahl');
    expect(fold('São João d’Ávila')).toBe('sao joao d avila');
    expect(foldLetters('Ærøskøbing')).toBe('aeroskobing');
    expect(foldLetters('Straße Łódź Đakovo Œuvre Þór')).toBe('strasse lodz dakovo oeuvre thor');
    expect(foldLetters('İstanbul ﬁne')).toBe('istanbul fine');
  });

  it('allows no typo under 5 letters, one from 5 and two from 9', () => {
    expect([typoBudget('spa'), typoBudget('hotel'), typoBudget('canalizador')]).toEqual([0, 1, 2]);
  });

  it('counts a swap of neighbours as one edit and stops past its bound', () => {
    expect(editDistance('hotle', 'hotel', 2)).toBe(1);
    expect(editDistance('canalizdor', 'canalizador', 2)).toBe(1);
    expect(editDistance('plumber', 'electrician', 2)).toBe(3);
    expect(typoDistance('lisbn', 'lisbon', 1)).toBe(1);
    expect(typoDistance('fisbon', 'lisbon', 1)).toBe(Infinity);
    expect(typoDistance('fisbon', 'lisbon', 2)).toBe(2);
  });
});
