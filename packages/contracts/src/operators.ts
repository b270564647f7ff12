import { z } from 'zod';
import { currentPasswordSchema, emailSchema } from './account.js';
import { singleLineText } from './text.js';

/**
 * Operators (the people who run the service) and the audit log of what they do. Operators are
 * made with `npm run admin -- create`, or by an admin in the console; never through sign-up. They
 * sign in at /admin with a password and a TOTP code, in a session of their own.
 */

export const operatorRoleSchema = z
  .enum(['moderator', 'admin'])
  .describe('A moderator handles reports; an admin also manages operators.');
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

export const operatorLanguageSchema = z.enum(['en', 'pt-BR', 'pt-PT']);
export type OperatorLanguage = z.infer<typeof operatorLanguageSchema>;

/** Minutes a proven code stays fresh: a destructive action after them asks for a new one. */
export const FRESH_CODE_MINUTES = 5;

export const operatorSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    role: operatorRoleSchema,
    language: z.enum(['en', 'pt', 'pt-PT', 'pt-BR']),
    createdAt: z.iso.datetime(),
    disabledAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Operator' });
export type Operator = z.infer<typeof operatorSchema>;

export const operatorSignInBodySchema = z
  .object({ email: emailSchema, password: currentPasswordSchema })
  .meta({ id: 'OperatorSignInBody' });
export type OperatorSignInBody = z.infer<typeof operatorSignInBodySchema>;

/** A six-digit TOTP code, or one of the ten one-time recovery codes. */
export const operatorCodeBodySchema = z
  .union([
    z.object({ code: z.string().regex(/^\d{6}$/, { error: 'Enter the six digits.' }) }).strict(),
    z
      .object({
        recoveryCode: z.string().regex(/^[A-Za-z2-7]{4}-?[A-Za-z2-7]{4}-?[A-Za-z2-7]{4}$/, {
          error: 'Enter a recovery code like abcd-efgh-ijkl.',
        }),
      })
      .strict(),
  ])
  .meta({ id: 'OperatorCodeBody' });
export type OperatorCodeBody = z.infer<typeof operatorCodeBodySchema>;

/**
 * The operator session: `code` while only the password is proven (send a code next), `signed-in`
 * once a code is. `freshUntil` is when the proven code stops being fresh for destructive actions.
 */
export const operatorSessionSchema = z
  .discriminatedUnion('stage', [
    z.object({ stage: z.literal('code') }),
    z.object({
      stage: z.literal('signed-in'),
      operator: operatorSchema,
      freshUntil: z.iso.datetime(),
    }),
  ])
  .meta({ id: 'OperatorSession' });
export type OperatorSession = z.infer<typeof operatorSessionSchema>;

export const operatorsSchema = z
  .object({ operators: z.array(operatorSchema) })
  .meta({ id: 'Operators' });

export const createOperatorBodySchema = z
  .object({
    email: emailSchema,
    role: operatorRoleSchema,
    name: singleLineText().max(100).default(''),
    language: operatorLanguageSchema.default('en'),
  })
  .meta({ id: 'CreateOperatorBody' });
export type CreateOperatorBody = z.input<typeof createOperatorBodySchema>;

/**
 * What a new operator needs to sign in, shown once: the password, the authenticator's secret and
 * its otpauth:// URI, and ten one-time recovery codes. The server keeps only hashes of the
 * password and codes.
 */
export const operatorEnrolmentSchema = z
  .object({
    operator: operatorSchema,
    password: z.string(),
    totpSecret: z.string(),
    otpauthUri: z.string(),
    recoveryCodes: z.array(z.string()),
  })
  .meta({ id: 'OperatorEnrolment' });
export type OperatorEnrolment = z.infer<typeof operatorEnrolmentSchema>;

export const updateOperatorBodySchema = z
  .object({
    role: operatorRoleSchema.optional(),
    /** True disables the operator and ends their sessions; there is no re-enabling here. */
    disabled: z.literal(true).optional(),
  })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, {
    error: 'Change the role or disable the operator.',
  })
  .meta({ id: 'UpdateOperatorBody' });
export type UpdateOperatorBody = z.infer<typeof updateOperatorBodySchema>;

export const operatorIdParamsSchema = z.object({ id: z.uuid() });

export const auditQuerySchema = z.object({
  /** The page after this row (rows come newest first). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditRowSchema = z
  .object({
    seq: z.number().int(),
    at: z.iso.datetime(),
    operatorId: z.uuid().nullable(),
    /** The operator's email, when the row names an operator that exists. */
    operatorEmail: z.string().nullable(),
    action: z.string(),
    subjectUserId: z.uuid().nullable(),
    reason: z.string(),
    evidenceIds: z.array(z.string()),
    details: z.record(z.string(), z.unknown()),
    hash: z.string(),
  })
  .meta({ id: 'AuditRow' });
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditPageSchema = z
  .object({
    rows: z.array(auditRowSchema),
    /** `before` of the next page, or null at the first row. */
    next: z.number().int().nullable(),
  })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The whole chain checked: how many rows, and the first broken one if any. */
export const auditVerificationSchema = z
  .object({
    rows: z.number().int(),
    intact: z.boolean(),
    brokenAt: z.number().int().nullable(),
  })
  .meta({ id: 'AuditVerification' });
export type AuditVerification = z.infer<typeof auditVerificationSchema>;
