import { parseArgs } from 'node:util';
import { operatorLanguageSchema, operatorRoleSchema } from '@maya/contracts';
import { AppError } from '../../lib/app-error.js';
import type { OperatorsService } from './operators.service.js';

export interface AdminCliIo {
  out(text: string): void;
  err(text: string): void;
  /** The password piped to stdin, or undefined when none was (a terminal): one is generated. */
  readPassword(): Promise<string | undefined>;
}

const USAGE =
  'Use one of: create <email> --role moderator|admin [--name N] [--language en|pt-BR|pt-PT], verify, list, disable <email>.';

/** One sentence for anything that goes wrong; never a stack. */
class UsageError extends Error {}

function parse(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        role: { type: 'string' },
        name: { type: 'string' },
        language: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)} ${USAGE}`);
  }
}

/**
 * `npm run admin -- <command>` (apps/server/src/admin.ts opens the database and calls this):
 * operators are made here or by an admin in the console, never through sign-up. Answers the
 * process's exit code.
 */
export async function runAdminCommand(
  args: string[],
  operators: OperatorsService,
  io: AdminCliIo,
): Promise<number> {
  try {
    const { positionals, values } = parse(args);
    const [command, ...rest] = positionals;
    switch (command) {
      case 'create': {
        const [email, extra] = rest;
        if (!email || extra) throw new UsageError(`Name one email to create. ${USAGE}`);
        const role = operatorRoleSchema.safeParse(values.role);
        if (!role.success) throw new UsageError('Give --role moderator or --role admin.');
        const language = operatorLanguageSchema.safeParse(values.language ?? 'en');
        if (!language.success) throw new UsageError('Give --language en, pt-BR or pt-PT.');
        const password = await io.readPassword();
        const enrolment = await operators.createOperator(
          'shell',
          { email, role: role.data, name: values.name ?? '', language: language.data },
          password,
        );
        const lines = [
          `Created ${enrolment.operator.email} as ${enrolment.operator.role}.`,
          ...(password === undefined
            ? [`Password (shown once): ${enrolment.password}`]
            : ['Password: the one given on stdin.']),
          `TOTP secret: ${enrolment.totpSecret}`,
          `Authenticator URI: ${enrolment.otpauthUri}`,
          'Recovery codes (each works once; shown once):',
          ...enrolment.recoveryCodes.map((code) => `  ${code}`),
        ];
        io.out(`${lines.join('\n')}\n`);
        return 0;
      }
      case 'verify': {
        if (rest.length) throw new UsageError(`verify takes no arguments. ${USAGE}`);
        const result = await operators.verifyAudit('shell');
        if (result.intact) {
          io.out(`${result.rows} ${result.rows === 1 ? 'row' : 'rows'}, chain intact.\n`);
          return 0;
        }
        io.err(
          `The audit log is broken at row ${result.brokenAt}: it or the row before it was changed, removed or inserted.\n`,
        );
        return 1;
      }
      case 'list': {
        if (rest.length) throw new UsageError(`list takes no arguments. ${USAGE}`);
        const all = await operators.listOperators('shell');
        if (all.length === 0) io.out('No operators yet.\n');
        for (const operator of all) {
          const state = operator.disabledAt ? `disabled ${operator.disabledAt}` : 'active';
          io.out(
            `${operator.email}\t${operator.role}\t${state}\t${operator.language}\t${operator.name}\n`,
          );
        }
        return 0;
      }
      case 'disable': {
        const [email, extra] = rest;
        if (!email || extra) throw new UsageError(`Name one email to disable. ${USAGE}`);
        const operator = await operators.disableByEmail('shell', email);
        io.out(`Disabled ${operator.email}; their sessions have ended.\n`);
        return 0;
      }
      default:
        throw new UsageError(
          command ? `There is no command "${command}". ${USAGE}` : `Name a command. ${USAGE}`,
        );
    }
  } catch (error) {
    if (error instanceof UsageError) io.err(`${error.message}\n`);
    else if (error instanceof AppError) io.err(`${error.detail}\n`);
    else throw error;
    return 1;
  }
}
