// Lint enforces the architecture: import directions between packages, layers inside the server
// and features inside the web app, no import cycles, and configuration read in one place. The
// lists of features and modules are read from their folders, so a new one is fenced at once.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import wordLists from './tooling/eslint-rules/no-word-lists.js';

const foldersIn = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const webFeatures = foldersIn('./apps/web/src/features/');
const serverModules = foldersIn('./apps/server/src/modules/');

const web = './apps/web/src';
const server = './apps/server/src';

/** Import boundaries that resolve real paths, so `../other/…` cannot slip past a fence. */
const boundaries = [
  // A web feature uses another only through its public face (features/<name>/index.ts); the
  // routes in app/ compose features and may load their screens directly (lazily, per route).
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`, ...webFeatures.map((other) => `./${other}/index.ts`)],
    message: "Features use each other only through the other feature's index.ts.",
  })),
  {
    target: [`${web}/features`, `${web}/lib`, `${web}/components`],
    from: `${web}/app`,
    message: 'Only app/ composes the app; features and shared code never import it.',
  },
  {
    target: [`${web}/lib`, `${web}/components`],
    from: `${web}/features`,
    message: 'Shared code (lib/, components/) never imports a feature.',
  },
  // A module never reaches into another module's repository: it asks that module's service.
  ...serverModules.flatMap((module) =>
    serverModules
      .filter((other) => other !== module)
      .map((other) => ({
        target: `${server}/modules/${module}/**`,
        from: `${server}/modules/${other}/*.repository.ts`,
        message: "A module uses another module's service, never its repository.",
      })),
  ),
  {
    target: [`${server}/plugins`, `${server}/lib`, `${server}/db`],
    from: `${server}/modules`,
    message: 'Infrastructure (plugins/, lib/, db/) never imports a module; modules import it.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'test-results/**',
      'bench/results/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parsers let the cycle check read the files an import leads to.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'packages/contracts/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
    },
  },
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify hooks and plugins are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through apps/server/src/config.ts only.',
        },
      ],
    },
  },
  {
    // Tests read JSON answers as `any` on purpose: the assertions are the type check.
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      'apps/server/test/**',
      'e2e/**',
      'bench/**',
      'eval/**',
    ],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Scripts, the browser suite, benchmarks, evaluations and the config module are the process
    // boundary.
    files: [
      'scripts/**',
      'e2e/**',
      'bench/**',
      'eval/**',
      '.ci/**',
      'apps/server/test/**',
      'apps/server/src/config.ts',
      '**/*.config.ts',
      '**/*.config.js',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Words are data: a long word list in a module's code belongs in the lexicon's files.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { maya: wordLists },
    rules: { 'maya/no-word-lists': 'error' },
  },
  {
    files: ['packages/contracts/**'],
    // The package's own tests run on Vitest and fast-check; nothing imports them.
    ignores: ['packages/contracts/**/*.test.ts', 'packages/contracts/vitest.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(?!zod$|\\./|\\.\\./).*', message: 'Contracts import only zod.' }],
        },
      ],
    },
  },
  {
    files: ['apps/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@maya/web', '**/apps/web/**'],
              message: 'The server never imports the web app.',
            },
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema/*', '**/db/schema'],
              message: 'Only repositories and db/ touch Drizzle and the tables.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      'apps/server/test/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/drizzle.config.ts',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@maya/server', '**/apps/server/**'],
              message: 'The web app never imports the server.',
            },
          ],
          paths: [
            {
              name: 'react',
              importNames: ['lazy'],
              message:
                'Use lazy from lib/lazy.ts: its code loads once the connection is back instead of failing.',
            },
          ],
        },
      ],
    },
  },
  {
    // The wrapper itself, and tests that build lazy parts of their own.
    files: ['apps/web/src/lib/lazy.ts', 'apps/web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@maya/server', '**/apps/server/**'],
              message: 'The web app never imports the server.',
            },
          ],
        },
      ],
    },
  },
);
