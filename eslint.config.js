// Lint enforces the architecture: import directions between packages, layers inside the server
// and features inside the web app, and configuration read in one place.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = [
  'landing',
  'auth',
  'directory',
  'profile',
  'inbox',
  'assistant',
  'account',
  'pricing',
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
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'e2e/**', 'bench/**'],
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
    // Scripts, the browser suite, benchmarks and the config module are the process boundary.
    files: [
      'scripts/**',
      'e2e/**',
      'bench/**',
      '.ci/**',
      'apps/server/test/**',
      'apps/server/src/config.ts',
      '**/*.config.ts',
      '**/*.config.js',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['packages/contracts/**'],
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
        },
      ],
    },
  },
  // A feature may not import another feature; routes in app/ compose them.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: webFeatures
                .filter((other) => other !== feature)
                .flatMap((other) => [`**/features/${other}`, `**/features/${other}/**`]),
              message: 'Features do not import each other; compose them in app/.',
            },
            { group: ['**/app/**'], message: 'Features do not import the app layer.' },
          ],
        },
      ],
    },
  })),
);
