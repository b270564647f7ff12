import type {
  CreateNoticeBody,
  CreateReportBody,
  NoticeReceipt,
  OwnReport,
  ReportReceipt,
  ReviewPart,
} from '@maya/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { wordsFor, type Locale } from '../../lib/i18n/index.js';
import type { Mailer } from '../../lib/mailer.js';
import { describeError } from '../../lib/redact.js';
import { uuidv7 } from '../../lib/uuid.js';
import type { JobQueue } from '../../plugins/jobs.js';
import { noticeDecisionMail, noticeReceiptMail } from './reports.mails.js';
import type {
  DecisionRow,
  EvidenceMessage,
  ReportRow,
  ReportsRepository,
} from './reports.repository.js';

/** Messages kept on each side of a reported message, and of a chat a person is reported from. */
export const CONTEXT_MESSAGES = 10;
export const CHAT_EVIDENCE_MESSAGES = 20;

/** The queue of the notifier's mails: the receipt and the decision. */
const REPORT_MAIL_QUEUE = 'report-mails';
type ReportMailJob =
  | { kind: 'receipt'; reportId: string }
  | { kind: 'decision'; reportId: string; decisionId: string };

/** The profile as it was when reported. */
export interface ProfileEvidence {
  id: string;
  role: 'buyer' | 'seller';
  name: string;
  description: string;
  sector: string | null;
  address: string | null;
  photoUrls: string[];
  plan: 'free' | 'pro';
}

/**
 * The messages of a chat as they were when reported, oldest first, each with its sender's name
 * as it was then (the console shows who wrote what; a later change of name changes nothing here).
 */
export interface MessagesEvidence {
  chatId: string;
  reportedMessageId: string | null;
  items: { id: string; senderId: string; senderName: string; body: string; createdAt: string }[];
}

/** A reported review as it was: its rating and words, the reply, and whose each is. */
export interface ReviewEvidence {
  id: string;
  dealId: string;
  side: 'buyer' | 'business';
  part: ReviewPart;
  rating: number;
  text: string;
  reply: string | null;
  authorId: string | null;
  authorName: string;
  subjectId: string;
  subjectName: string;
  createdAt: string;
  repliedAt: string | null;
}

/** What a report freezes when it is made (the `evidence` column). */
export interface ReportEvidence {
  capturedAt: string;
  profile: ProfileEvidence | null;
  messages: MessagesEvidence | null;
  /** A reported review (`subject_kind` 'review'); absent for any other report. */
  review?: ReviewEvidence;
}

/** The reviews' check of a review reported by `actor`: visible to them, not their own words. */
export type ReviewForReport = (
  actor: Actor,
  reviewId: string,
  part: ReviewPart,
) => Promise<{ authorId: string | null; evidence: ReviewEvidence }>;

export interface ReportsServiceDependencies {
  repository: ReportsRepository;
  /** The gallery's image addresses, for the profile's evidence. */
  galleryUrls: (userId: string) => Promise<string[]>;
  mailer: Mailer;
  jobs: JobQueue;
  publicUrl: string;
  /** A reported review, checked for the reporter (modules/reviews). */
  reviewForReport: ReviewForReport;
  log?: FastifyBaseLogger;
}

const notFound = (key: string) => new AppError('NOT_FOUND', { key: `reports:errors.${key}` });

function toEvidenceMessages(rows: EvidenceMessage[]): MessagesEvidence['items'] {
  return rows.map((row) => ({
    id: row.id,
    senderId: row.senderId,
    senderName: [row.senderFirstName, row.senderLastName].filter(Boolean).join(' '),
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Who and what a member's report is about, once checked for the reporter. */
interface ResolvedSubject {
  /** The person whose content it is; null for a former client's review. */
  userId: string | null;
  messageId: string | null;
  review: ReviewEvidence | null;
  messages: () => Promise<MessagesEvidence | null>;
}

/** The user a path of this site shows: a profile, /sellers/<id>. */
const PROFILE_PATH =
  /^\/sellers\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/**
 * Reports by members (a user, one of their messages, their profile) and notices by anyone at
 * /report (DSA Art. 16). Each freezes its evidence as it is made; a notice's notifier is mailed a
 * receipt and, later, the decision. Nobody but operators ever reads who reported whom.
 */
export function createReportsService({
  repository,
  galleryUrls,
  mailer,
  jobs,
  publicUrl,
  reviewForReport,
  log,
}: ReportsServiceDependencies) {
  const site = new URL(publicUrl);

  async function profileEvidence(userId: string): Promise<ProfileEvidence | null> {
    const user = await repository.findUser(userId);
    if (!user) return null;
    return {
      id: user.id,
      role: user.role,
      name: [user.firstName, user.lastName].filter(Boolean).join(' '),
      description: user.description,
      sector: user.category,
      address: user.address,
      photoUrls: [...(user.imageUrl ? [user.imageUrl] : []), ...(await galleryUrls(user.id))],
      plan: user.plan,
    };
  }

  /**
   * Who a report is about, checked for the caller: the subject exists, a message is in one of
   * the caller's chats (else it does not exist for them), a chat is theirs with that person, and
   * nobody reports themselves. Answers the person, the message and the messages to keep.
   */
  async function resolveSubject(
    actor: Actor,
    subject: CreateReportBody['subject'],
  ): Promise<ResolvedSubject> {
    if (subject.kind === 'review') {
      const found = await reviewForReport(actor, subject.reviewId, subject.part);
      return {
        userId: found.authorId,
        messageId: null,
        review: found.evidence,
        messages: async () => null,
      };
    }
    if (subject.kind === 'message') {
      const message = await repository.findMessage(subject.messageId);
      const chat = message && (await repository.findChat(message.chatId));
      if (!message || !chat || (chat.buyerId !== actor.userId && chat.sellerId !== actor.userId)) {
        throw notFound('messageNotFound');
      }
      if (message.senderId === actor.userId) {
        throw new AppError('FORBIDDEN', { key: 'reports:errors.self' });
      }
      return {
        userId: message.senderId,
        messageId: message.id,
        review: null,
        messages: async (): Promise<MessagesEvidence> => ({
          chatId: chat.id,
          reportedMessageId: message.id,
          items: toEvidenceMessages(
            await repository.findMessagesAround(chat.id, message.id, CONTEXT_MESSAGES),
          ),
        }),
      };
    }
    if (subject.userId === actor.userId) {
      throw new AppError('FORBIDDEN', { key: 'reports:errors.self' });
    }
    if (!(await repository.findUser(subject.userId))) throw notFound('subjectNotFound');
    if (subject.kind === 'user' && subject.chatId) {
      const chat = await repository.findChat(subject.chatId);
      const members = chat ? [chat.buyerId, chat.sellerId] : [];
      if (!chat || !members.includes(actor.userId) || !members.includes(subject.userId)) {
        throw notFound('chatNotFound');
      }
      return {
        userId: subject.userId,
        messageId: null,
        review: null,
        messages: async (): Promise<MessagesEvidence> => ({
          chatId: chat.id,
          reportedMessageId: null,
          items: toEvidenceMessages(
            await repository.findLatestMessages(chat.id, CHAT_EVIDENCE_MESSAGES),
          ),
        }),
      };
    }
    return { userId: subject.userId, messageId: null, review: null, messages: async () => null };
  }

  /**
   * The notice's location as an address of this site, and the member whose profile it is, if
   * it is one; any other address is refused with the field named.
   */
  async function resolveLocation(location: string) {
    let url: URL | undefined;
    try {
      url = new URL(location, site);
    } catch {
      url = undefined;
    }
    if (!url || url.origin !== site.origin) {
      throw new AppError(
        'VALIDATION_FAILED',
        { key: 'errors:request.invalidFields' },
        {
          location: wordsFor('en', 'reports')('errors.locationNotOurs', {
            example: new URL('/sellers/…', site).toString(),
          }),
        },
      );
    }
    url.hash = '';
    const userId = PROFILE_PATH.exec(url.pathname)?.[1]?.toLowerCase();
    const user = userId ? await repository.findUser(userId) : undefined;
    return { url: url.toString(), userId: user?.id ?? null };
  }

  function queueMail(job: ReportMailJob): Promise<void> {
    return jobs.send(REPORT_MAIL_QUEUE, job).then(() => undefined);
  }

  async function runMail(job: ReportMailJob): Promise<void> {
    try {
      const report = await repository.findReport(job.reportId);
      if (!report?.notifierEmail) return;
      if (job.kind === 'receipt') {
        await mailer.send(noticeReceiptMail(report));
        return;
      }
      const decision = await repository.findDecision(job.decisionId);
      // Not committed yet, or gone: the queue tries again.
      if (!decision) throw new Error('the decision is not stored');
      const mail = noticeDecisionMail(report, decision, publicUrl);
      if (mail) await mailer.send(mail);
    } catch (error) {
      log?.error({ job: job.kind, cause: describeError(error) }, 'a notifier mail was not sent');
      throw error;
    }
  }

  return {
    /** Starts this process's worker on the notifiers' mails. */
    async start(): Promise<void> {
      await jobs.define<ReportMailJob>(
        REPORT_MAIL_QUEUE,
        { policy: 'standard', retryLimit: 4, retryDelaySeconds: 15 },
        runMail,
      );
    },

    /**
     * A member reports a user, a message or a profile. The same subject reported again by the
     * same member while their report is open answers that report (`duplicate`), adding none.
     */
    async createReport(
      actor: Actor,
      input: CreateReportBody,
      locale: Locale,
    ): Promise<{ receipt: ReportReceipt; created: boolean }> {
      const subject = await resolveSubject(actor, input.subject);
      const t = wordsFor(locale, 'reports');

      const open = await repository.findOpenReportBy(actor.userId, {
        kind: input.subject.kind,
        userId: subject.userId,
        messageId: subject.messageId,
        reviewId: subject.review?.id ?? null,
        reviewPart: subject.review?.part ?? null,
      });
      if (open) {
        return {
          created: false,
          receipt: {
            id: open.id,
            status: open.status,
            duplicate: true,
            message: t('alreadyOpen', { id: open.id }),
            createdAt: open.createdAt.toISOString(),
          },
        };
      }

      const evidence: ReportEvidence = {
        capturedAt: new Date().toISOString(),
        profile: subject.userId ? await profileEvidence(subject.userId) : null,
        messages: await subject.messages(),
        ...(subject.review && { review: subject.review }),
      };
      const report = await repository.insertReport({
        id: uuidv7(),
        source: 'member',
        reporterId: actor.userId,
        subjectUserId: subject.userId,
        subjectKind: input.subject.kind,
        subjectMessageId: subject.messageId,
        subjectReviewId: subject.review?.id ?? null,
        subjectReviewPart: subject.review?.part ?? null,
        reason: input.reason,
        legalGround: input.reason === 'illegal' ? (input.legalGround ?? null) : null,
        details: input.details ?? '',
        language: locale,
        evidence,
      });
      return {
        created: true,
        receipt: {
          id: report.id,
          status: report.status,
          duplicate: false,
          message: t('acknowledged', { id: report.id }),
          createdAt: report.createdAt.toISOString(),
        },
      };
    },

    /**
     * A notice from anyone (DSA Art. 16): stored as a report of the location, with the profile
     * it names frozen as evidence, and its receipt mailed to the notifier in the form's language.
     */
    async createNotice(notice: CreateNoticeBody): Promise<NoticeReceipt> {
      const location = await resolveLocation(notice.location);
      const evidence: ReportEvidence = {
        capturedAt: new Date().toISOString(),
        profile: location.userId ? await profileEvidence(location.userId) : null,
        messages: null,
      };
      const report = await repository.insertReport({
        id: uuidv7(),
        source: 'notice',
        reporterId: null,
        subjectUserId: location.userId,
        subjectKind: 'profile',
        reason: notice.reason ?? 'illegal',
        legalGround: notice.legalGround ?? null,
        details: notice.explanation,
        locationUrl: location.url,
        notifierName: notice.notifierName,
        notifierEmail: notice.notifierEmail,
        goodFaith: notice.goodFaith,
        language: notice.language,
        evidence,
      });
      await queueMail({ kind: 'receipt', reportId: report.id });
      return {
        id: report.id,
        location: location.url,
        message: wordsFor(notice.language, 'reports')('noticeReceived', {
          id: report.id,
          email: notice.notifierEmail,
        }),
        createdAt: report.createdAt.toISOString(),
      };
    },

    /**
     * Mails the decision on a notice to its notifier, in the notice's language (DSA Art. 16(5)),
     * through the durable queue (retried; the job reads both rows again, so call it once the
     * decision is committed). The moderation decisions call it for each report a decision
     * resolves; a member's report has no notifier, and nothing is queued for it.
     */
    async notifyNotifierOfDecision(
      report: Pick<ReportRow, 'id' | 'source' | 'notifierEmail'>,
      decision: Pick<DecisionRow, 'id'>,
    ): Promise<void> {
      if (report.source !== 'notice' || !report.notifierEmail) return;
      await queueMail({ kind: 'decision', reportId: report.id, decisionId: decision.id });
    },

    /** The reports the caller made, for their data export: never the evidence. */
    async exportOwn(userId: string): Promise<OwnReport[]> {
      return (await repository.findReportsBy(userId)).map((row) => ({
        id: row.id,
        source: row.source,
        subjectKind: row.subjectKind,
        subjectUserId: row.subjectUserId,
        subjectMessageId: row.subjectMessageId,
        subjectReviewId: row.subjectReviewId,
        reason: row.reason,
        legalGround: row.legalGround,
        details: row.details,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** An account's deletion: its reports stay, without their author. */
    async forgetReporter(userId: string): Promise<void> {
      await repository.forgetReporter(userId);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
