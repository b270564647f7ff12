import { readFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url);
/** Every README, and the configuration reference the README points to. */
const markdown = execFileSync(
  'git',
  ['ls-files', 'README.md', '*/README.md', 'docs/configuration.md'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter(Boolean);

describe('the project documents', () => {
  it.each(markdown)('%s has no table row wider than 120 characters', async (path) => {
    const text = await readFile(new URL(path, root), 'utf8');
    const wide = text
      .split('\n')
      .map((line, index) => ({ line: index + 1, width: line.length, row: line.startsWith('|') }))
      .filter((entry) => entry.row && entry.width > 120);
    expect(wide).toEqual([]);
  });

  it('keeps the README short enough to read: the two commands first, no line past 120', async () => {
    const text = await readFile(new URL('README.md', root), 'utf8');
    expect(text.length).toBeLessThan(24_000);
    expect(text.split('\n').filter((line) => line.length > 120)).toEqual([]);
    const quickStart = text.indexOf('## Quick start');
    expect(text.indexOf('npm ci && npm start')).toBeGreaterThan(quickStart);
    expect(text.indexOf('npm test')).toBeLessThan(text.indexOf('## Scripts'));
  });

  it('describes every key of .env.example in docs/configuration.md', async () => {
    const example = await readFile(new URL('.env.example', root), 'utf8');
    const reference = await readFile(new URL('docs/configuration.md', root), 'utf8');
    const keys = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!);
    expect(keys.length).toBeGreaterThan(30);
    expect(keys.filter((key) => !reference.includes(`\`${key}\``))).toEqual([]);
  });
});
