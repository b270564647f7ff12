import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * Each architecture rule of eslint.config.js, proven by a fixture that breaks it: the fixture's
 * text is linted as if it stood in a real file of the tree, so the rules see real paths and
 * resolve real imports.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
// The repository's config as it is, less type information: no rule under test reads types, and
// building a TypeScript program for each fixture's path is most of the time lint takes.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: tseslint.configs.disableTypeChecked,
  ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/'),
});

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.startsWith('import-x/'))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the architecture rules of lint', () => {
  it('refuses a feature reaching into another feature past its index.ts', async () => {
    expect(
      await problems(
        'apps/web/src/features/account/components/account-page.tsx',
        "import { DirectoryPage } from '../../directory/components/directory-page';\nexport const page = DirectoryPage;\n",
      ),
    ).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*Features use each other only through the other feature's index\.ts/,
      ),
    ]);
  });

  it('lets a feature import its own files', async () => {
    expect(
      await problems(
        'apps/web/src/features/account/components/account-page.tsx',
        "import { DataControls } from './data-controls';\nexport const controls = DataControls;\n",
      ),
    ).toEqual([]);
  });

  it("lets a feature use another through that feature's index.ts", async () => {
    expect(
      await problems(
        'apps/web/src/features/directory/components/directory-page.tsx',
        "import { useOpenChat } from '../../chats';\nexport const open = useOpenChat;\n",
      ),
    ).toEqual([]);
  });

  it("lets a route of app/ load a feature's screen directly", async () => {
    expect(
      await problems(
        'apps/web/src/app/routes/chats.route.tsx',
        "import { ChatsPage } from '../../features/chats/components/chats-page';\nexport const page = ChatsPage;\n",
      ),
    ).toEqual([]);
  });

  it('refuses shared code importing a feature', async () => {
    expect(
      await problems(
        'apps/web/src/lib/dates.ts',
        "import { AccountPage } from '../features/account/components/account-page';\nexport const page = AccountPage;\n",
      ),
      // (The account's screens reach lib/dates.ts, so a cycle is reported beside it.)
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^import-x\/no-restricted-paths: .*Shared code \(lib\/, components\/\) never imports a feature/,
        ),
      ]),
    );
  });

  it("refuses a server module importing another module's repository", async () => {
    expect(
      await problems(
        'apps/server/src/modules/chats/chats.service.ts',
        "import { createDirectoryRepository } from '../directory/directory.repository.js';\nexport const make = createDirectoryRepository;\n",
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*never its repository/)]);
  });

  it("lets a server module use another module's service", async () => {
    expect(
      await problems(
        'apps/server/src/modules/chats/chats.service.ts',
        "import type { DirectoryService } from '../directory/directory.service.js';\nexport type Directory = DirectoryService;\n",
      ),
    ).toEqual([]);
  });

  it('refuses infrastructure importing a module', async () => {
    expect(
      await problems(
        'apps/server/src/plugins/auth.ts',
        "import type { SessionsService } from '../modules/auth/sessions.service.js';\nexport type Sessions = SessionsService;\n",
      ),
    ).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*Infrastructure .* never imports a module/,
      ),
    ]);
  });

  it('refuses an import cycle', async () => {
    // plugins/auth.ts imports AppError from lib/app-error.ts; importing it back closes a circle.
    expect(
      await problems(
        'apps/server/src/lib/app-error.ts',
        "import { requireActor } from '../plugins/auth.js';\nexport const check = requireActor;\n",
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  });
});
