import { z } from 'zod';
import { idSchema } from './common.js';
import {
  LEGAL_GROUND_MAX,
  NOTICE_EXPLANATION_MAX,
  REPORT_DETAILS_MAX,
  reportReasons,
} from './report-reasons.js';
import { multiLineText, singleLineText } from './text.js';

export { LEGAL_GROUND_MAX, NOTICE_EXPLANATION_MAX, REPORT_DETAILS_MAX, reportReasons };

export const reportReasonSchema = z.enum(reportReasons).meta({ id: 'ReportReason' });
export type ReportReason = z.infer<typeof reportReasonSchema>;

/** The reasons against the site's rules, in the order a form lists them. */
export const ruleReportReasons = reportReasons.filter(
  (reason): reason is Exclude<ReportReason, 'illegal'> => reason !== 'illegal',
);

const legalGroundSchema = singleLineText()
  .max(LEGAL_GROUND_MAX)
  .describe(
    'For illegal content: the law or legal ground it breaks (e.g. "consumer fraud, Código Penal art. 217"). Required when `reason` is `illegal`.',
  );

/** A reason of `illegal` needs its legal ground, named on the field. */
function requireLegalGround(
  value: { reason?: ReportReason | undefined; legalGround?: string | undefined },
  context: z.core.$RefinementCtx,
) {
  if (value.reason === 'illegal' && !value.legalGround) {
    context.addIssue({
      code: 'custom',
      path: ['legalGround'],
      message: 'Name the law or legal ground the content breaks.',
    });
  }
}

/** A review's two parts, each its own author's: the review, and the business's reply. */
export const reviewPartSchema = z.enum(['review', 'reply']).meta({ id: 'ReviewPart' });
export type ReviewPart = z.infer<typeof reviewPartSchema>;

export const reportSubjectSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('user'),
      userId: idSchema,
      chatId: idSchema
        .optional()
        .describe(
          'The chat the report is made from: its latest messages are kept as evidence. Must be a chat between the reporter and this user.',
        ),
    }),
    z.object({ kind: z.literal('profile'), userId: idSchema }),
    z.object({
      kind: z.literal('message'),
      messageId: idSchema.describe('A message of a chat the reporter is in.'),
    }),
    z.object({
      kind: z.literal('review'),
      reviewId: idSchema.describe('A published review the reporter can see.'),
      part: reviewPartSchema
        .default('review')
        .describe('The client’s review (its rating and words), or the business’s reply to it.'),
    }),
  ])
  .meta({ id: 'ReportSubject' });
export type ReportSubject = z.infer<typeof reportSubjectSchema>;

export const createReportBodySchema = z
  .object({
    subject: reportSubjectSchema,
    reason: reportReasonSchema,
    legalGround: legalGroundSchema.optional(),
    details: multiLineText().max(REPORT_DETAILS_MAX).optional(),
  })
  .superRefine(requireLegalGround)
  .meta({ id: 'CreateReportBody' });
export type CreateReportBody = z.infer<typeof createReportBodySchema>;

export const reportReceiptSchema = z
  .object({
    id: idSchema,
    status: z.enum(['open', 'resolved']),
    duplicate: z
      .boolean()
      .describe('True when the same subject was already reported by the caller and still open.'),
    message: z.string().describe('The acknowledgment, in the asker’s language.'),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ReportReceipt' });
export type ReportReceipt = z.infer<typeof reportReceiptSchema>;

/** The web's language tags a notice may name; its receipt and decision mails are written in it. */
export const noticeLanguageSchema = z.enum(['en', 'pt', 'pt-PT', 'pt-BR']);

/** A notice of illegal content (DSA Art. 16), which anyone may send from /report. */
export const createNoticeBodySchema = z
  .object({
    explanation: multiLineText()
      .min(1, { error: 'Required.' })
      .max(NOTICE_EXPLANATION_MAX)
      .describe('Why the content is illegal, in the notifier’s words.'),
    location: singleLineText()
      .min(1, { error: 'Required.' })
      .max(2000)
      .describe(
        'The exact address (URL) of the content on this site, such as a business’s profile: https://<site>/sellers/<id>.',
      ),
    notifierName: singleLineText().min(1, { error: 'Required.' }).max(120),
    notifierEmail: z.email({ error: 'Enter a valid email address.' }).max(254),
    goodFaith: z.literal(true, {
      error: 'Confirm that the notice is accurate and complete, in good faith.',
    }),
    reason: reportReasonSchema
      .optional()
      .describe('The kind of problem, if the notifier names one.'),
    legalGround: legalGroundSchema.optional(),
    language: noticeLanguageSchema
      .default('en')
      .describe('The language of the form: the receipt and the decision are mailed in it.'),
  })
  .meta({ id: 'CreateNoticeBody' });
export type CreateNoticeBody = z.infer<typeof createNoticeBodySchema>;
/** A notice as a form sends it: the language may be left out. */
export type CreateNoticeInput = z.input<typeof createNoticeBodySchema>;

export const noticeReceiptSchema = z
  .object({
    id: idSchema.describe('The notice’s reference, also in the receipt mailed to the notifier.'),
    location: z.string(),
    message: z.string().describe('The acknowledgment, in the notice’s language.'),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'NoticeReceipt' });
export type NoticeReceipt = z.infer<typeof noticeReceiptSchema>;

/** A report the caller made, as their data export holds it: nothing of the evidence. */
export const ownReportSchema = z
  .object({
    id: idSchema,
    source: z.enum(['member', 'notice']),
    subjectKind: z.enum(['user', 'message', 'profile', 'review']),
    subjectUserId: idSchema.nullable(),
    subjectMessageId: idSchema.nullable(),
    subjectReviewId: idSchema.nullable(),
    reason: reportReasonSchema,
    legalGround: z.string().nullable(),
    details: z.string(),
    status: z.enum(['open', 'resolved']),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'OwnReport' });
export type OwnReport = z.infer<typeof ownReportSchema>;
