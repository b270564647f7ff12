// `npm run admin -- <command>`: operators and the audit log from the shell
// (modules/operators/admin-cli.ts). It brings the schema up to date first, under the same
// start-up lock as the server (db/client.ts). On the embedded database it holds DATA_DIR's lock
// (db/data-dir-lock.ts), so it refuses, in one sentence, while a server holds the folder; on
// PostgreSQL it runs beside the servers at any time.
import { loadConfigOrExit } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { openCommandDatabase } from './db/command-database.js';
import { runAdminCommand } from './modules/operators/admin-cli.js';
import { createOperatorsRepository } from './modules/operators/operators.repository.js';
import { createOperatorsService } from './modules/operators/operators.service.js';

/** A password piped in (`echo … | npm run admin -- create …`): its first line. */
async function pipedPassword(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const line = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  return line === '' ? undefined : line;
}

const config = loadConfigOrExit();
let database: DatabaseHandle | undefined;
try {
  database = await openCommandDatabase(config, 'admin');
  const operators = createOperatorsService({ repository: createOperatorsRepository(database.db) });
  process.exitCode = await runAdminCommand(process.argv.slice(2), operators, {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    readPassword: pipedPassword,
  });
} catch (error) {
  process.stderr.write(
    `The command failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
} finally {
  await database?.close();
}
