import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const localesDir = join(import.meta.dirname, 'locales');

/** Every leaf of a locale file as a dotted path ("landing.faq.0.q"), with its value. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}.${index}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      leaves(item, path ? `${path}.${key}` : key),
    );
  }
  return [[path, value]];
}

const read = (file: string): unknown => JSON.parse(readFileSync(join(localesDir, file), 'utf8'));

// locales/<code>.json and locales/<namespace>/<code>.json: each folder is one set to compare.
const sets = [
  { name: 'interface strings', dir: '' },
  ...readdirSync(localesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ name: `namespace ${entry.name}`, dir: entry.name })),
];

describe.each(sets)('locale files: $name', ({ dir }) => {
  const files = readdirSync(join(localesDir, dir)).filter((file) => file.endsWith('.json'));
  const english = new Map(leaves(read(join(dir, 'en.json'))));

  it('exist in English and Portuguese', () => {
    expect(files).toEqual(expect.arrayContaining(['en.json', 'pt.json']));
  });

  it.each(files)('%s has exactly the keys of en.json', (file) => {
    const keys = leaves(read(join(dir, file))).map(([key]) => key);
    expect(keys.sort()).toEqual([...english.keys()].sort());
  });

  it.each(files)('%s has no empty or non-text value', (file) => {
    const bad = leaves(read(join(dir, file))).filter(
      ([, value]) => typeof value !== 'string' || value.trim() === '',
    );
    expect(bad).toEqual([]);
  });
});
