import { spawn } from 'node:child_process';
import { generate } from 'otplib';
import type { APIRequestContext } from 'playwright-core';
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

const STEP_SECONDS = 30;

/** The operator's code for the current 30-second step, as their authenticator shows it. */
export function currentCode(): Promise<string> {
  return generate({ secret: CONSOLE_OPERATOR.totpSecret });
}

/**
 * The code of the step before the current one, as the authenticator showed it a moment ago: the
 * server still takes it (a code typed as its step ended) and takes each step's code once, so a
 * sign-in with it leaves the current step's code good for a fresh confirmation right after,
 * instead of one that waits up to 30 s for the next step. A step about to end is waited out
 * first, so that the code is not two steps old, and refused, when it arrives.
 */
export async function previousStepCode(): Promise<string> {
  const left = STEP_SECONDS * 1000 - (Date.now() % (STEP_SECONDS * 1000));
  if (left < 3_000) await new Promise((resolve) => setTimeout(resolve, left + 250));
  return generate({
    secret: CONSOLE_OPERATOR.totpSecret,
    epoch: Math.floor(Date.now() / 1000) - STEP_SECONDS,
  });
}

const FROM_APP = { 'x-requested-with': 'fetch' };

/**
 * Signs the console's admin in through the API (password, then a code), in a browser context
 * of its own, for a journey that needs an operator's decision but not the console's screens.
 */
export async function signInOperatorByApi(request: APIRequestContext): Promise<void> {
  const password = await request.post('/api/v1/admin/session', {
    headers: FROM_APP,
    data: { email: CONSOLE_OPERATOR.email, password: CONSOLE_OPERATOR.password },
  });
  if (!password.ok()) throw new Error(`operator sign-in answered ${password.status()}`);
  const code = await request.post('/api/v1/admin/session/code', {
    headers: FROM_APP,
    data: { code: await previousStepCode() },
  });
  if (!code.ok()) throw new Error(`operator code answered ${code.status()}`);
}
