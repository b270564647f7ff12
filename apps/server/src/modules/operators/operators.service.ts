import { randomBytes } from 'node:crypto';
import {
  createOperatorBodySchema,
  passwordSchema,
  type AuditPage,
  type AuditQuery,
  type AuditVerification,
  type CreateOperatorBody,
  type Operator,
  type OperatorEnrolment,
  type UpdateOperatorBody,
} from '@maya/contracts';
import { AppError } from '../../lib/app-error.js';
import type { OperatorActor } from '../../lib/operator-actor.js';
import { hashPassword, rejectCommonPassword } from '../../lib/password.js';
import { appendAudit, listAudit, verifyAudit } from './audit.repository.js';
import type { OperatorRecord, OperatorsRepository } from './operators.repository.js';
import {
  newRecoveryCode,
  newTotpSecret,
  otpauthUri,
  RECOVERY_CODE_COUNT,
  recoveryCodeHash,
} from './second-factor.js';

/**
 * Who asks: a signed-in operator from the console, or `shell`, whoever runs `npm run admin` on
 * the server with its configuration (they hold the database already).
 */
export type OperatorsCaller = OperatorActor | 'shell';

export function toOperator(row: OperatorRecord): Operator {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

function requireAdmin(caller: OperatorsCaller): void {
  if (caller !== 'shell' && caller.role !== 'admin') {
    throw new AppError('FORBIDDEN', { key: 'errors:operators.adminsOnly' });
  }
}

const operatorIdOf = (caller: OperatorsCaller) => (caller === 'shell' ? null : caller.operatorId);
const via = (caller: OperatorsCaller) => (caller === 'shell' ? 'cli' : 'console');

/**
 * Managing operators (admins, or the shell) and reading the audit log (any operator). Each change
 * writes exactly one audit row, in the change's transaction.
 */
export function createOperatorsService({ repository }: { repository: OperatorsRepository }) {
  return {
    /**
     * A new operator and what they need to sign in, shown once: the password (the one given, or
     * a generated one), the TOTP secret and its otpauth:// URI, and ten recovery codes.
     */
    async createOperator(
      caller: OperatorsCaller,
      input: CreateOperatorBody,
      givenPassword?: string,
    ): Promise<OperatorEnrolment> {
      requireAdmin(caller);
      const parsed = createOperatorBodySchema.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new AppError('VALIDATION_FAILED', issue.message, {
          [issue.path.join('.')]: issue.message,
        });
      }
      const body = parsed.data;

      let password = givenPassword;
      if (password === undefined) {
        password = randomBytes(18).toString('base64url');
      } else {
        const checked = passwordSchema.safeParse(password);
        if (!checked.success) {
          throw new AppError('VALIDATION_FAILED', checked.error.issues[0]!.message, {
            password: checked.error.issues[0]!.message,
          });
        }
        await rejectCommonPassword(password);
      }
      if (await repository.findByEmail(body.email)) {
        throw new AppError('CONFLICT', { key: 'errors:operators.emailTaken' });
      }

      const totpSecret = newTotpSecret();
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const passwordHash = await hashPassword(password);
      const row = await repository.transaction(async (tx, inner) => {
        const created = await inner.insertOperator({ ...body, passwordHash, totpSecret });
        // Two creations of one email at once: the unique index lets one through.
        if (!created) throw new AppError('CONFLICT', { key: 'errors:operators.emailTaken' });
        await inner.insertRecoveryCodes(created.id, recoveryCodes.map(recoveryCodeHash));
        await appendAudit(tx, {
          operatorId: operatorIdOf(caller),
          action: 'operator.create',
          details: {
            operatorId: created.id,
            email: created.email,
            role: created.role,
            via: via(caller),
          },
        });
        return created;
      });
      return {
        operator: toOperator(row),
        password,
        totpSecret,
        otpauthUri: otpauthUri(row.email, totpSecret),
        recoveryCodes,
      };
    },

    async listOperators(caller: OperatorsCaller): Promise<Operator[]> {
      requireAdmin(caller);
      return (await repository.list()).map(toOperator);
    },

    /** Changes an operator's role, or disables them (ending their sessions); never one's own. */
    async updateOperator(
      caller: OperatorsCaller,
      id: string,
      change: UpdateOperatorBody,
    ): Promise<Operator> {
      requireAdmin(caller);
      if (caller !== 'shell' && caller.operatorId === id) {
        throw new AppError('CONFLICT', { key: 'errors:operators.notYourself' });
      }
      const current = await repository.findById(id);
      if (!current) throw new AppError('NOT_FOUND', { key: 'errors:operators.notFound' });
      if (current.disabledAt) {
        throw new AppError('CONFLICT', { key: 'errors:operators.alreadyDisabled' });
      }

      const updated = await repository.transaction(async (tx, inner) => {
        const row = await inner.update(id, {
          ...(change.role && { role: change.role }),
          ...(change.disabled && { disabledAt: new Date() }),
        });
        if (change.disabled) await inner.deleteSessionsOf(id);
        await appendAudit(tx, {
          operatorId: operatorIdOf(caller),
          action: change.disabled ? 'operator.disable' : 'operator.change_role',
          details: {
            operatorId: id,
            email: current.email,
            ...(change.role && { role: { from: current.role, to: change.role } }),
            via: via(caller),
          },
        });
        return row!;
      });
      return toOperator(updated);
    },

    /** The shell's way to disable: by email. */
    async disableByEmail(caller: OperatorsCaller, email: string): Promise<Operator> {
      const operator = await repository.findByEmail(email);
      if (!operator) throw new AppError('NOT_FOUND', { key: 'errors:operators.notFound' });
      return this.updateOperator(caller, operator.id, { disabled: true });
    },

    /** A page of the audit log, newest first; any operator may read it. */
    async findAudit(_caller: OperatorActor, query: AuditQuery): Promise<AuditPage> {
      const { limit } = query;
      const rows = await listAudit(repository.db, limit + 1, query.before);
      const page = rows.slice(0, limit);
      const emails = await repository.emailsOf([
        ...new Set(page.flatMap((row) => (row.operatorId ? [row.operatorId] : []))),
      ]);
      return {
        rows: page.map((row) => ({
          seq: row.seq,
          at: row.at.toISOString(),
          operatorId: row.operatorId,
          operatorEmail: (row.operatorId && emails.get(row.operatorId)) || null,
          action: row.action,
          subjectUserId: row.subjectUserId,
          reason: row.reason,
          evidenceIds: row.evidenceIds,
          details: row.details,
          hash: row.hash,
        })),
        next: rows.length > limit ? page.at(-1)!.seq : null,
      };
    },

    /** The whole chain checked from its first row. */
    async verifyAudit(_caller: OperatorsCaller): Promise<AuditVerification> {
      const { rows, broken } = await verifyAudit(repository.db);
      return { rows, intact: broken === null, brokenAt: broken?.seq ?? null };
    },
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
