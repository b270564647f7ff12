import { spawn } from 'node:child_process';
import { generate } from 'otplib';
import { repoRoot } from './paths.js';

/** The console's admin in browser runs, made with `npm run admin -- create` before the server starts. */
export const CONSOLE_OPERATOR = {
  email: 'console.admin@maya.test',
  password: 'e2e console passphrase',
  /** The TOTP secret the command printed. */
  totpSecret: '',
};

/**
 * Runs the admin command on the server's fresh DATA_DIR (from its sources: the server's own build
 * happens as it starts), with the password on stdin, and keeps the TOTP secret it prints.
 */
export async function createConsoleOperator(env: Record<string, string>): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/admin.ts',
      'create',
      CONSOLE_OPERATOR.email,
      '--role',
      'admin',
      '--name',
      'Console Admin',
    ],
    { cwd: repoRoot, env, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  child.stdin.end(`${CONSOLE_OPERATOR.password}\n`);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const secret = /^TOTP secret: ([A-Z2-7]+)$/m.exec(out)?.[1];
  if (code !== 0 || !secret) {
    throw new Error(`npm run admin -- create failed (${code}):\n${out}\n${err}`);
  }
  CONSOLE_OPERATOR.totpSecret = secret;
}

/** The operator's code for the current 30-second step, as their authenticator shows it. */
export function currentCode(): Promise<string> {
  return generate({ secret: CONSOLE_OPERATOR.totpSecret });
}
