import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import wordLists from './eslint-rules/no-word-lists.js';

/**
 * Words are data: lint flags a long word list in a server module's code (an array or an object
 * of words, a long string split into words), proven by a fixture, and the modules as they are
 * pass it.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
/** The repository's config as it is, less type information, which the rule does not read. */
const configured = () =>
  new ESLint({
    cwd: root,
    overrideConfig: tseslint.configs.disableTypeChecked,
    ruleFilter: ({ ruleId }) => ruleId === 'maya/no-word-lists',
  });
const fixture = readFileSync(
  new URL('./eslint-rules/fixtures/word-lists.ts.txt', import.meta.url),
  'utf8',
);

describe('the word-list rule of lint', () => {
  it('flags each word list of the fixture in a module, and nothing else', async () => {
    // The fixture's text linted as if it stood in a real module file, with the repository's config.
    const eslint = configured();
    const [result] = await eslint.lintText(fixture, {
      filePath: `${root}apps/server/src/modules/assistant/intent.ts`,
    });
    const flagged = (result?.messages ?? [])
      .filter((message) => message.ruleId === 'maya/no-word-lists')
      .map((message) => message.line);
    expect(flagged).toEqual([2, 18, 35]);
  });

  it('lets a test hold its cases', async () => {
    const eslint = configured();
    const [result] = await eslint.lintText(fixture, {
      filePath: `${root}apps/server/src/modules/assistant/assistant.test.ts`,
    });
    expect((result?.messages ?? []).filter((m) => m.ruleId === 'maya/no-word-lists')).toEqual([]);
  });

  it('finds no word list in the server modules as they are', async () => {
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: (await import('typescript-eslint')).parser },
          plugins: { maya: wordLists },
          rules: { 'maya/no-word-lists': 'error' },
        },
      ],
    });
    const results = await eslint.lintFiles(['apps/server/src/modules/**/*.ts']);
    const found = results
      .filter((result) => !result.filePath.endsWith('.test.ts'))
      .flatMap((result) =>
        result.messages.map((message) => `${result.filePath.slice(root.length)}:${message.line}`),
      );
    expect(results.length).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });
});
