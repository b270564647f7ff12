import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { reportReasons } from '@maya/contracts/report-reasons';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One person blocking another. Either direction of a pair binds both people: no message, typing,
 * read mark, card, profile, mail or push crosses it (ARCHITECTURE.md, Blocks).
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('blocks_blocked_idx').on(table.blockedId),
    check('blocks_not_self', sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

/**
 * The people who run the service. Never a member account: created by `npm run admin -- create`,
 * signed in with a password and a TOTP code, and never listed, found or chatted with.
 */
export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    role: text('role', { enum: ['moderator', 'admin'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The TOTP secret (base32); null until the operator has enrolled their authenticator. */
    totpSecret: text('totp_secret'),
    /** The newest time step a code was accepted for: a code of that step or older is refused. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Wrong codes in a row since the last right one; the sixth is refused whatever it is. */
    totpFailures: integer('totp_failures').notNull().default(0),
    language: text('language', { enum: ['en', 'pt', 'pt-PT', 'pt-BR'] })
      .notNull()
      .default('en'),
    createdAt: at('created_at').notNull().defaultNow(),
    disabledAt: at('disabled_at'),
  },
  (table) => [uniqueIndex('operators_email_lower_key').on(sql`lower(${table.email})`)],
);

/** One-time recovery codes, stored as SHA-256 hashes; `used_at` set when one is spent. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [primaryKey({ columns: [table.operatorId, table.codeHash] })],
);

/**
 * An operator's signed-in session, apart from members' sessions. `second_factor_at` is when a
 * TOTP or recovery code was last proven in it; null while only the password has been given.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    secondFactorAt: at('second_factor_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('operator_sessions_operator_idx').on(table.operatorId)],
);

/**
 * A report by a member (`source` 'member') or a notice by anyone at /report (`source` 'notice',
 * DSA Art. 16). `evidence` is frozen when it is made: the profile as it was and the reported
 * messages with their context, so a later edit or deletion changes nothing an operator sees.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey(),
    source: text('source', { enum: ['member', 'notice'] }).notNull(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    /** The person reported; null when a notice names a location that is no member's. */
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    subjectKind: text('subject_kind', {
      enum: ['user', 'message', 'profile', 'review'],
    }).notNull(),
    subjectMessageId: uuid('subject_message_id'),
    /** A reported review (no foreign key: the report outlives it), and which part of it. */
    subjectReviewId: uuid('subject_review_id'),
    subjectReviewPart: text('subject_review_part', { enum: ['review', 'reply'] }),
    reason: text('reason', { enum: reportReasons }).notNull(),
    /** For illegal content: the law or legal ground the reporter names. */
    legalGround: text('legal_ground'),
    details: text('details').notNull().default(''),
    /** A notice's exact location (URL) and notifier; a member's report leaves them null. */
    locationUrl: text('location_url'),
    notifierName: text('notifier_name'),
    notifierEmail: text('notifier_email'),
    goodFaith: boolean('good_faith').notNull().default(false),
    language: text('language', { enum: ['en', 'pt', 'pt-PT', 'pt-BR'] })
      .notNull()
      .default('en'),
    evidence: jsonb('evidence').notNull().default({}),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    decisionId: uuid('decision_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    resolvedAt: at('resolved_at'),
  },
  (table) => [
    index('reports_status_subject_idx').on(table.status, table.subjectUserId, table.createdAt),
    index('reports_reporter_idx').on(table.reporterId),
  ],
);

export const decisionKinds = [
  'dismiss',
  'warn',
  'hide',
  'suspend',
  'terminate',
  'restore',
  'remove_review',
] as const;

/**
 * An operator's decision with its statement of reasons (DSA Art. 17, P2B Art. 4): what was
 * restricted, the facts, the rule or law, that a person decided, and how to appeal. Every
 * restriction here is a person's decision; `automated` is recorded, and false.
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: decisionKinds }).notNull(),
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    reportId: uuid('report_id'),
    /** A `remove_review` decision's review, and the part it took down. */
    subjectReviewId: uuid('subject_review_id'),
    subjectReviewPart: text('subject_review_part', { enum: ['review', 'reply'] }),
    /** The decision this one decides an appeal against. */
    appealOf: uuid('appeal_of'),
    ground: text('ground', { enum: ['rules', 'law'] }).notNull(),
    rule: text('rule').notNull(),
    facts: text('facts').notNull(),
    automated: boolean('automated').notNull().default(false),
    /** A suspension's end. */
    until: at('until'),
    /** When a termination takes effect: 30 days on, or at once under a recorded exception. */
    effectiveAt: at('effective_at'),
    /** The P2B exception recorded for an immediate termination. */
    exception: text('exception', { enum: ['illegal_content', 'repeated_breaches', 'safety'] }),
    language: text('language', { enum: ['en', 'pt', 'pt-PT', 'pt-BR'] })
      .notNull()
      .default('en'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('moderation_decisions_subject_idx').on(table.subjectUserId, table.createdAt)],
);

/** An affected person's appeal against a decision; decided by an operator other than its author. */
export const appeals = pgTable(
  'appeals',
  {
    id: uuid('id').primaryKey(),
    decisionId: uuid('decision_id')
      .notNull()
      .references(() => moderationDecisions.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    status: text('status', { enum: ['open', 'upheld', 'reversed'] })
      .notNull()
      .default('open'),
    outcomeDecisionId: uuid('outcome_decision_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (table) => [index('appeals_status_idx').on(table.status, table.createdAt)],
);

/**
 * Every operator action, one row each, append-only (triggers refuse UPDATE, DELETE and TRUNCATE
 * to every role the app connects as, migration 0023) and hash-chained: `hash` is SHA-256 of the
 * previous row's hash and this row's fields, so `npm run admin -- verify` finds a row changed
 * past the triggers (by a superuser who disabled them, or in the files).
 */
export const auditLog = pgTable('audit_log', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  at: at('at').notNull(),
  operatorId: uuid('operator_id'),
  action: text('action').notNull(),
  subjectUserId: uuid('subject_user_id'),
  reason: text('reason').notNull().default(''),
  evidenceIds: jsonb('evidence_ids').$type<string[]>().notNull().default([]),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
});

/**
 * True when either of two people blocks the other (`a`, `b`: SQL for their ids), for the
 * queries that must not cross a block: the directory, digests, push.
 */
export function blockedBetween(a: SQLWrapper, b: SQLWrapper): SQL {
  return sql`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b}) or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a}))`;
}
