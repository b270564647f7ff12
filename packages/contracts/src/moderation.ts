import { z } from 'zod';
import { reportReasonSchema, reviewPartSchema } from './reports.js';
import { multiLineText, singleLineText } from './text.js';

/**
 * Operators' decisions about members, each with a statement of reasons (DSA Art. 17, P2B Art. 4),
 * the queue of reports they decide from, appeals (LGPD Art. 20: a person reviews) and the yearly
 * transparency counts. The console's routes are under /admin; a member's own decisions under /me.
 */

export const decisionKindSchema = z
  .enum(['dismiss', 'warn', 'hide', 'suspend', 'terminate', 'restore', 'remove_review'])
  .describe(
    'dismiss: the reports need no action; warn: no restriction; hide: out of the directory, profiles and Maya; suspend: no sign-in until `until`; terminate: the account ends (a business 30 days on unless a P2B exception is recorded); restore: every restriction lifted; remove_review: the reported review (or reply) taken down, the account not restricted.',
  );
export type DecisionKind = z.infer<typeof decisionKindSchema>;

/** The kinds that restrict an account: they ask for a second factor proven in the last minutes. */
export const destructiveDecisionKinds = ['hide', 'suspend', 'terminate', 'remove_review'] as const;

export const p2bExceptionSchema = z
  .enum(['illegal_content', 'repeated_breaches', 'safety'])
  .describe('The P2B Art. 4 exception that lets a business be terminated without 30 days notice.');
export type P2bException = z.infer<typeof p2bExceptionSchema>;

export const decisionGroundSchema = z
  .enum(['rules', 'law'])
  .describe('Whether the decision rests on the Terms (rules) or on a law.');

export const reportStatusSchema = z.enum(['open', 'resolved']);

const memberSummarySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    role: z.enum(['buyer', 'seller']),
  })
  .meta({ id: 'ModerationMember' });

export const adminReportsQuerySchema = z.object({
  status: reportStatusSchema.default('open'),
});

export const reportGroupSchema = z
  .object({
    subject: memberSummarySchema
      .nullable()
      .describe('The reported person; null for notices naming no member.'),
    count: z.number().int(),
    newestAt: z.iso.datetime(),
    reasons: z.array(reportReasonSchema),
    reportIds: z.array(z.uuid()).describe('Newest first.'),
  })
  .meta({ id: 'ReportGroup' });

export const reportGroupsSchema = z
  .object({ groups: z.array(reportGroupSchema) })
  .meta({ id: 'ReportGroups' });
export type ReportGroups = z.infer<typeof reportGroupsSchema>;

export const adminReportSchema = z
  .object({
    id: z.uuid(),
    source: z.enum(['member', 'notice']),
    subject: memberSummarySchema.nullable(),
    subjectKind: z.enum(['user', 'message', 'profile', 'review']),
    subjectReviewId: z.uuid().nullable().describe('A reported review.'),
    subjectReviewPart: reviewPartSchema.nullable(),
    reason: reportReasonSchema,
    legalGround: z.string().nullable(),
    details: z.string(),
    locationUrl: z.string().nullable(),
    notifierName: z.string().nullable(),
    status: reportStatusSchema,
    decisionId: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
    resolvedAt: z.iso.datetime().nullable(),
    evidence: z
      .record(z.string(), z.unknown())
      .describe(
        'Frozen when the report was made: the profile as it was and the reported messages in context.',
      ),
  })
  .meta({ id: 'AdminReport' });
export type AdminReport = z.infer<typeof adminReportSchema>;

export const accountStateSchema = z.enum([
  'active',
  'hidden',
  'suspended',
  'termination_scheduled',
  'terminated',
]);
export type AccountState = z.infer<typeof accountStateSchema>;

export const accountStatusSchema = z
  .object({
    state: accountStateSchema.describe('The strongest restriction in force.'),
    hiddenAt: z.iso.datetime().nullable(),
    suspendedUntil: z.iso.datetime().nullable(),
    terminatesAt: z.iso.datetime().nullable(),
    terminatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AccountStatus' });
export type AccountStatus = z.infer<typeof accountStatusSchema>;

const decidedReviewSchema = z
  .object({ id: z.uuid(), part: reviewPartSchema })
  .nullable()
  .describe('remove_review (and its appeal’s outcome): the review, and the part taken down.');

export const decisionSchema = z
  .object({
    id: z.uuid(),
    kind: decisionKindSchema,
    subjectUserId: z.uuid().nullable(),
    operatorId: z.uuid(),
    reportIds: z.array(z.uuid()),
    review: decidedReviewSchema,
    appealOf: z.uuid().nullable(),
    ground: decisionGroundSchema,
    rule: z.string(),
    facts: z.string(),
    automated: z.literal(false),
    until: z.iso.datetime().nullable(),
    effectiveAt: z.iso.datetime().nullable(),
    exception: p2bExceptionSchema.nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Decision' });
export type Decision = z.infer<typeof decisionSchema>;

export const appealStatusSchema = z.enum(['open', 'upheld', 'reversed']);

export const appealSchema = z
  .object({
    id: z.uuid(),
    decisionId: z.uuid(),
    text: z.string(),
    status: appealStatusSchema,
    outcomeDecisionId: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Appeal' });
export type Appeal = z.infer<typeof appealSchema>;

export const adminUsersQuerySchema = z.object({
  q: singleLineText().min(1).max(200).describe('Part of an email address or a name.'),
});

export const adminUserSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    role: z.enum(['buyer', 'seller']),
    createdAt: z.iso.datetime(),
    status: accountStatusSchema,
    history: z.object({
      reports: z.array(
        z.object({
          id: z.uuid(),
          source: z.enum(['member', 'notice']),
          reason: reportReasonSchema,
          status: reportStatusSchema,
          createdAt: z.iso.datetime(),
        }),
      ),
      decisions: z.array(decisionSchema),
      appeals: z.array(appealSchema),
    }),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersSchema = z
  .object({ users: z.array(adminUserSchema) })
  .meta({ id: 'AdminUsers' });
export type AdminUsers = z.infer<typeof adminUsersSchema>;

export const createDecisionBodySchema = z
  .object({
    subjectUserId: z.uuid(),
    kind: decisionKindSchema,
    reportIds: z
      .array(z.uuid())
      .max(100)
      .optional()
      .describe('The reports this decision resolves.'),
    ground: decisionGroundSchema,
    rule: singleLineText().min(1).max(300).describe('The rule of the Terms, or the law, applied.'),
    facts: multiLineText()
      .min(1)
      .max(4000)
      .describe('The facts the decision rests on, as the affected person will read them.'),
    until: z.iso.datetime().optional().describe('A suspension’s end (suspend only).'),
    exception: p2bExceptionSchema.optional().describe('terminate only: ends a business at once.'),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.kind === 'suspend' && !body.until)
      context.addIssue({ code: 'custom', path: ['until'], message: 'A suspension needs its end' });
    if (body.kind !== 'suspend' && body.until)
      context.addIssue({
        code: 'custom',
        path: ['until'],
        message: 'Only a suspension has an end',
      });
    if (body.kind === 'remove_review' && !body.reportIds?.length)
      context.addIssue({
        code: 'custom',
        path: ['reportIds'],
        message: 'Name the reports of the review to take down',
      });
    if (body.kind !== 'terminate' && body.exception)
      context.addIssue({
        code: 'custom',
        path: ['exception'],
        message: 'Only a termination records an exception',
      });
  })
  .meta({ id: 'CreateDecisionBody' });
export type CreateDecisionBody = z.infer<typeof createDecisionBodySchema>;

/** A decision as the affected person reads it: the statement of reasons, and their appeal. */
export const myDecisionSchema = z
  .object({
    id: z.uuid(),
    kind: decisionKindSchema.describe('What was restricted (warn: nothing).'),
    ground: decisionGroundSchema,
    rule: z.string(),
    facts: z.string(),
    automated: z.literal(false).describe('Always false: a person made the decision.'),
    until: z.iso.datetime().nullable(),
    effectiveAt: z.iso.datetime().nullable(),
    review: decidedReviewSchema,
    createdAt: z.iso.datetime(),
    appealableUntil: z.iso.datetime().describe('Six months after the decision.'),
    appeal: appealSchema.nullable(),
  })
  .meta({ id: 'MyDecision' });
export type MyDecision = z.infer<typeof myDecisionSchema>;

export const myDecisionsSchema = z
  .object({ decisions: z.array(myDecisionSchema) })
  .meta({ id: 'MyDecisions' });
export type MyDecisions = z.infer<typeof myDecisionsSchema>;

const appealTextSchema = multiLineText()
  .min(1)
  .max(4000)
  .describe('Why the decision should change, in the person’s words.');

export const createAppealBodySchema = z
  .object({ text: appealTextSchema })
  .strict()
  .meta({ id: 'CreateAppealBody' });
export type CreateAppealBody = z.infer<typeof createAppealBodySchema>;

/**
 * The appeal link's token, mailed with every statement of reasons but a dismissal's
 * (`/appeal?token=…`): the decision, signed by the server, so the link opens its statement and
 * appeal with no sign-in, also while the account is suspended or terminated. The web page sends
 * it in a request's body, never in a URL the server would log. One the server did not sign is
 * a 404.
 */
const appealLinkTokenSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\w-]+$/, 'Not a link’s token')
  .describe('The `token` of the mailed appeal link.');

export const appealLinkBodySchema = z
  .object({ token: appealLinkTokenSchema })
  .strict()
  .meta({ id: 'AppealLinkBody' });
export type AppealLinkBody = z.infer<typeof appealLinkBodySchema>;

export const appealByLinkBodySchema = z
  .object({ token: appealLinkTokenSchema, text: appealTextSchema })
  .strict()
  .meta({ id: 'AppealByLinkBody' });
export type AppealByLinkBody = z.infer<typeof appealByLinkBodySchema>;

export const adminAppealsQuerySchema = z.object({
  status: z.enum(['open', 'decided']).default('open'),
});

export const adminAppealSchema = z
  .object({
    appeal: appealSchema,
    decision: decisionSchema,
    subject: memberSummarySchema.nullable(),
  })
  .meta({ id: 'AdminAppeal' });
export type AdminAppeal = z.infer<typeof adminAppealSchema>;

export const adminAppealsSchema = z
  .object({ appeals: z.array(adminAppealSchema) })
  .meta({ id: 'AdminAppeals' });
export type AdminAppeals = z.infer<typeof adminAppealsSchema>;

export const decideAppealBodySchema = z
  .object({
    outcome: z.enum(['upheld', 'reversed']).describe('reversed lifts the decision’s restriction.'),
    facts: multiLineText().min(1).max(4000).describe('Why, as the person will read it.'),
  })
  .strict()
  .meta({ id: 'DecideAppealBody' });
export type DecideAppealBody = z.infer<typeof decideAppealBodySchema>;

export const transparencyQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
});

export const transparencySchema = z
  .object({
    year: z.number().int(),
    notices: z.number().int().describe('Notices filed at /report (DSA Art. 16).'),
    memberReports: z.number().int(),
    decisions: z
      .object(
        Object.fromEntries(decisionKindSchema.options.map((kind) => [kind, z.number().int()])) as {
          [K in DecisionKind]: z.ZodNumber;
        },
      )
      .describe('Decisions made in the year, by kind.'),
    appeals: z.object({ received: z.number().int(), reversed: z.number().int() }),
    medianHoursToDecision: z
      .number()
      .nullable()
      .describe('From a report to the decision that resolved it; null without one.'),
  })
  .meta({ id: 'Transparency' });
export type Transparency = z.infer<typeof transparencySchema>;

export const moderationIdParamsSchema = z.object({ id: z.uuid() });

/**
 * `account:restricted`, to every open tab of an account just suspended or terminated, before its
 * sessions end: the tab signs out and shows why.
 */
export const accountRestrictedEventSchema = z
  .object({
    state: z.enum(['suspended', 'terminated']),
    until: z.iso.datetime().nullable(),
    facts: z.string(),
  })
  .meta({ id: 'AccountRestrictedEvent' });
export type AccountRestrictedEvent = z.infer<typeof accountRestrictedEventSchema>;
