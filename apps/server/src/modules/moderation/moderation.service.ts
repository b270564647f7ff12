import type {
  AccountStatus,
  AdminAppeals,
  AdminReport,
  AdminUsers,
  Appeal,
  AppealByLinkBody,
  CreateAppealBody,
  CreateDecisionBody,
  DecideAppealBody,
  Decision,
  DecisionKind,
  MyDecision,
  MyDecisions,
  ReportGroups,
  ReviewPart,
  Transparency,
} from '@maya/contracts';
import { decisionKindSchema, destructiveDecisionKinds, FRESH_CODE_MINUTES } from '@maya/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import { wordsFor } from '../../lib/i18n/index.js';
import type { MailLinkSigner } from '../../lib/mail-link-signer.js';
import type { Mailer } from '../../lib/mailer.js';
import type { OperatorActor } from '../../lib/operator-actor.js';
import { uuidv7 } from '../../lib/uuid.js';
import type { JobQueue } from '../../plugins/jobs.js';
import { createAppealLinks } from './appeal-links.js';
import type {
  AppealRow,
  DecisionRow,
  MemberRow,
  ModerationRepository,
  ReportRow,
  Restrictions,
} from './moderation.repository.js';

/** P2B Art. 4: a business's account ends this long after the statement of reasons. */
export const BUSINESS_NOTICE_MS = 30 * 24 * 3_600_000;
/** How long after a decision its affected person may appeal. */
export const APPEAL_WINDOW_MONTHS = 6;

const TERMINATION_QUEUE = 'moderation-terminate';

export interface ModerationServiceDependencies {
  db: Database;
  repository: ModerationRepository;
  /** Ends every session of an account, and closes its sockets in every process. */
  sessions: { revoke(userId: string): Promise<void> };
  events: EventBus;
  mailer: Mailer;
  jobs: JobQueue;
  publicUrl: string;
  /** Signs the statements' appeal links (the mail links' one secret, `lib/mail-link-signer.ts`). */
  signer: MailLinkSigner;
  /** Mails a notice's notifier the decision on it (the reports module's queue; ignores members' reports). */
  mailNotifier: (report: ReportRow, decision: DecisionRow) => Promise<void>;
  /**
   * Appends one row to the operators' audit log within the action's transaction (the operators
   * module's `appendAudit`, passed in by app.ts).
   */
  audit: (
    tx: Database,
    entry: {
      operatorId: string;
      action: string;
      subjectUserId: string | null;
      reason: string;
      evidenceIds: string[];
      details: Record<string, unknown>;
    },
    at: Date,
  ) => Promise<unknown>;
  log?: FastifyBaseLogger;
  now?: () => Date;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const nameOf = (member: Pick<MemberRow, 'firstName' | 'lastName'>) =>
  `${member.firstName} ${member.lastName}`.trim();

export function accountStatusOf(member: Restrictions, now: Date): AccountStatus {
  const state = member.terminatedAt
    ? 'terminated'
    : member.suspendedUntil && member.suspendedUntil > now
      ? 'suspended'
      : member.terminatesAt
        ? 'termination_scheduled'
        : member.hiddenAt
          ? 'hidden'
          : 'active';
  return {
    state,
    hiddenAt: iso(member.hiddenAt),
    suspendedUntil: iso(member.suspendedUntil),
    terminatesAt: iso(member.terminatesAt),
    terminatedAt: iso(member.terminatedAt),
  };
}

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** The review a decision took down (or an appeal's outcome brought back), and which part. */
function reviewOf(row: DecisionRow): Decision['review'] {
  return row.subjectReviewId
    ? { id: row.subjectReviewId, part: row.subjectReviewPart ?? 'review' }
    : null;
}

/**
 * The one review the reports of a `remove_review` decision name: every report is of the same
 * review's same part. Anything else is the operator's mistake, named on the field.
 */
function reportedReview(reports: ReportRow[]): { id: string; part: ReviewPart } {
  const [first] = reports;
  const id = first?.subjectReviewId;
  const part = first?.subjectReviewPart ?? 'review';
  if (
    !id ||
    reports.some((report) => report.subjectReviewId !== id || report.subjectReviewPart !== part)
  )
    throw new AppError(
      'VALIDATION_FAILED',
      { key: 'moderation:errors.notOneReview' },
      { reportIds: 'The reports must all be of one review' },
    );
  return { id, part };
}

function toDecision(row: DecisionRow, reportIds: string[]): Decision {
  return {
    id: row.id,
    kind: row.kind,
    subjectUserId: row.subjectUserId,
    operatorId: row.operatorId,
    reportIds,
    review: reviewOf(row),
    appealOf: row.appealOf,
    ground: row.ground,
    rule: row.rule,
    facts: row.facts,
    automated: false,
    until: iso(row.until),
    effectiveAt: iso(row.effectiveAt),
    exception: row.exception,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A decision as the affected person reads it: the statement of reasons, with their appeal. */
function toMyDecision(row: DecisionRow, appeal: AppealRow | undefined): MyDecision {
  return {
    id: row.id,
    kind: row.kind,
    ground: row.ground,
    rule: row.rule,
    facts: row.facts,
    automated: false,
    until: iso(row.until),
    effectiveAt: iso(row.effectiveAt),
    review: reviewOf(row),
    createdAt: row.createdAt.toISOString(),
    appealableUntil: addMonths(row.createdAt, APPEAL_WINDOW_MONTHS).toISOString(),
    appeal: appeal ? toAppeal(appeal) : null,
  };
}

function toAppeal(row: AppealRow): Appeal {
  return {
    id: row.id,
    decisionId: row.decisionId,
    text: row.text,
    status: row.status,
    outcomeDecisionId: row.outcomeDecisionId,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
  };
}

const memberSummary = (member: MemberRow | undefined) =>
  member ? { id: member.id, name: nameOf(member), email: member.email, role: member.role } : null;

/**
 * What operators decide about members and what follows: restrictions on the account, the
 * statement of reasons mailed and listed for the affected person, resolved reports and their
 * notifiers told, appeals decided by another operator, and the yearly counts. Every console action
 * writes one audit row in its own transaction.
 */
export function createModerationService({
  db,
  repository,
  sessions,
  events,
  mailer,
  jobs,
  publicUrl,
  signer,
  mailNotifier,
  audit,
  log,
  now = () => new Date(),
}: ModerationServiceDependencies) {
  const appealLinks = createAppealLinks(signer, publicUrl);

  // The route asks for a fresh code too (requireOperator); the service holds the rule itself.
  function assertFresh(actor: OperatorActor, at: Date) {
    if (at.getTime() - actor.secondFactorAt.getTime() > FRESH_CODE_MINUTES * 60_000)
      throw new AppError('FRESH_CODE_REQUIRED', { key: 'errors:operators.freshCode' });
  }

  async function mailStatement(member: MemberRow, decision: DecisionRow) {
    const language = await repository.languageOf(member.id);
    const t = wordsFor(language, 'moderation');
    const what =
      decision.kind === 'terminate' && decision.effectiveAt && !decision.exception
        ? t('statement.kind.terminateScheduled', { at: decision.effectiveAt })
        : decision.kind === 'remove_review'
          ? t(`statement.kind.remove_${decision.subjectReviewPart ?? 'review'}`)
          : t(`statement.kind.${decision.kind}`, { until: decision.until });
    // Every statement carries its appeal link, which needs no sign-in: a suspended or terminated
    // account appeals the same way as any other.
    const link = await appealLinks.linkOf(decision.id);
    const lines = [
      t('hello', { name: member.firstName }),
      '',
      t('statement.intro'),
      '',
      t('statement.restricted'),
      what,
      ...(decision.exception ? [t(`statement.exception.${decision.exception}`)] : []),
      '',
      t('statement.facts', { facts: decision.facts }),
      t(decision.ground === 'law' ? 'statement.law' : 'statement.rules', { rule: decision.rule }),
      '',
      t('statement.human'),
      '',
      t('statement.appealLink', {
        date: addMonths(decision.createdAt, APPEAL_WINDOW_MONTHS),
      }),
      link,
      '',
      t('statement.appealAccount'),
    ];
    await mailer.send({
      to: member.email,
      subject: t('statement.subject'),
      text: lines.join('\n'),
      link,
      kind: 'moderation-decision',
    });
  }

  /** After the commit: what leaves the database, each failure logged, never undoing the decision. */
  function afterCommit(work: () => Promise<void>, what: string) {
    return work().catch((error: unknown) => log?.error({ err: error }, `${what} failed`));
  }

  async function endAccess(member: MemberRow, decision: DecisionRow) {
    events.toUsers([member.id], 'account:restricted', {
      state: decision.kind === 'suspend' ? 'suspended' : 'terminated',
      until: iso(decision.until),
      facts: decision.facts,
    });
    await sessions.revoke(member.id);
  }

  async function decisionsView(rows: DecisionRow[]): Promise<Decision[]> {
    const reportIds = await repository.reportIdsOf(rows.map((row) => row.id));
    return rows.map((row) => toDecision(row, reportIds.get(row.id) ?? []));
  }

  /**
   * The decision a mailed appeal link names: one this server signed, with a statement of reasons
   * (not a dismissal, not an appeal's outcome), about an account not deleted. Any other token is
   * the same 404, whose words say nothing of which it was.
   */
  async function decisionOfLink(token: string): Promise<{ decision: DecisionRow; userId: string }> {
    const invalid = () => new AppError('NOT_FOUND', { key: 'moderation:errors.appealLinkInvalid' });
    const decisionId = await appealLinks.decisionOf(token);
    const decision = decisionId && (await repository.findDecision(decisionId));
    if (!decision || decision.kind === 'dismiss' || decision.appealOf || !decision.subjectUserId)
      throw invalid();
    const member = await repository.findMember(decision.subjectUserId);
    if (!member || member.deletedAt) throw invalid();
    return { decision, userId: member.id };
  }

  /**
   * Files the affected person's appeal of a decision about them, whichever way they came (signed
   * in, or by the mailed link): once, within APPEAL_WINDOW_MONTHS. The decision's row is held
   * while its appeals are counted, so two sent at once make one.
   */
  async function fileAppeal(decision: DecisionRow, userId: string, text: string): Promise<Appeal> {
    const at = now();
    if (decision.appealOf || addMonths(decision.createdAt, APPEAL_WINDOW_MONTHS) < at)
      throw new AppError('CONFLICT', { key: 'moderation:errors.appealClosed' });
    const row = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await repository.lockDecision(tx, decision.id);
      if ((await repository.findAppealsOfDecisions([decision.id], tx)).length)
        throw new AppError('CONFLICT', { key: 'moderation:errors.appealedOnce' });
      return repository.insertAppeal(tx, {
        id: uuidv7(at.getTime()),
        decisionId: decision.id,
        userId,
        text,
        createdAt: at,
      });
    });
    return toAppeal(row);
  }

  const service = {
    /** Starts the worker that ends businesses whose 30 days have passed. */
    async start(): Promise<void> {
      await jobs.define<{ userId: string }>(
        TERMINATION_QUEUE,
        { retryLimit: 5, retryDelaySeconds: 60, policy: 'standard' },
        async ({ userId }) => {
          if (await repository.terminateIfDue(userId, now())) await sessions.revoke(userId);
        },
      );
    },

    async findReportGroups(
      _actor: OperatorActor,
      status: 'open' | 'resolved',
    ): Promise<ReportGroups> {
      const rows = await repository.findReports(status);
      const groups = new Map<string, ReportRow[]>();
      for (const row of rows) {
        const key = row.subjectUserId ?? `report:${row.id}`;
        groups.set(key, [...(groups.get(key) ?? []), row]);
      }
      const members = new Map(
        (
          await repository.findMembers([
            ...new Set(rows.flatMap((row) => (row.subjectUserId ? [row.subjectUserId] : []))),
          ])
        ).map((member) => [member.id, member]),
      );
      return {
        groups: [...groups.values()].map((reports) => ({
          subject: memberSummary(
            reports[0]!.subjectUserId ? members.get(reports[0]!.subjectUserId) : undefined,
          ),
          count: reports.length,
          newestAt: reports[0]!.createdAt.toISOString(),
          reasons: [...new Set(reports.map((report) => report.reason))],
          reportIds: reports.map((report) => report.id),
        })),
      };
    },

    async getReport(_actor: OperatorActor, id: string): Promise<AdminReport> {
      const row = await repository.findReport(id);
      if (!row) throw new AppError('NOT_FOUND', { key: 'moderation:errors.reportNotFound' });
      const subject = row.subjectUserId
        ? await repository.findMember(row.subjectUserId)
        : undefined;
      return {
        id: row.id,
        source: row.source,
        subject: memberSummary(subject),
        subjectKind: row.subjectKind,
        subjectReviewId: row.subjectReviewId,
        subjectReviewPart: row.subjectReviewPart,
        reason: row.reason,
        legalGround: row.legalGround,
        details: row.details,
        locationUrl: row.locationUrl,
        notifierName: row.notifierName,
        status: row.status,
        decisionId: row.decisionId,
        createdAt: row.createdAt.toISOString(),
        resolvedAt: iso(row.resolvedAt),
        evidence: (row.evidence ?? {}) as Record<string, unknown>,
      };
    },

    async searchUsers(_actor: OperatorActor, q: string): Promise<AdminUsers> {
      const members = await repository.searchMembers(q);
      const at = now();
      const users = await Promise.all(
        members.map(async (member) => {
          const [reports, decisions, appeals] = await Promise.all([
            repository.findReportsOf(member.id),
            repository.findDecisionsOf(member.id).then(decisionsView),
            repository.findAppealsOf(member.id),
          ]);
          return {
            id: member.id,
            name: nameOf(member),
            email: member.email,
            role: member.role,
            createdAt: member.createdAt.toISOString(),
            status: accountStatusOf(member, at),
            history: {
              reports: reports.map((report) => ({
                id: report.id,
                source: report.source,
                reason: report.reason,
                status: report.status,
                createdAt: report.createdAt.toISOString(),
              })),
              decisions,
              appeals: appeals.map(toAppeal),
            },
          };
        }),
      );
      return { users };
    },

    /**
     * Decides about a member, with the statement of reasons. hide, suspend and terminate ask for a
     * second factor proven in the last five minutes. The restriction, the decision, the resolved
     * reports and the audit row commit together; then sessions end (suspend, terminate at once),
     * the termination is scheduled, and the person and the notifiers are mailed.
     */
    async decide(actor: OperatorActor, body: CreateDecisionBody): Promise<Decision> {
      const at = now();
      if ((destructiveDecisionKinds as readonly string[]).includes(body.kind))
        assertFresh(actor, at);

      const member = await repository.findMember(body.subjectUserId);
      if (!member || member.deletedAt)
        throw new AppError('NOT_FOUND', { key: 'moderation:errors.memberNotFound' });
      const until = body.until ? new Date(body.until) : null;
      if (body.kind === 'suspend' && (!until || until <= at))
        throw new AppError(
          'VALIDATION_FAILED',
          { key: 'moderation:errors.suspensionEnds' },
          { until: 'A suspension ends in the future' },
        );
      if (body.kind === 'terminate' && member.terminatedAt)
        throw new AppError('CONFLICT', { key: 'moderation:errors.alreadyTerminated' });

      // A business is owed 30 days unless a P2B exception is recorded; a buyer is not a business.
      const scheduled = body.kind === 'terminate' && member.role === 'seller' && !body.exception;
      const effectiveAt =
        body.kind === 'terminate'
          ? scheduled
            ? new Date(at.getTime() + BUSINESS_NOTICE_MS)
            : at
          : null;
      const restrictions: Partial<Restrictions> | undefined = {
        dismiss: undefined,
        warn: undefined,
        hide: { hiddenAt: at },
        suspend: { suspendedUntil: until },
        terminate: scheduled ? { terminatesAt: effectiveAt } : { terminatedAt: at },
        restore: { hiddenAt: null, suspendedUntil: null, terminatesAt: null, terminatedAt: null },
        // The review's part is taken down; the account is not restricted.
        remove_review: undefined,
      }[body.kind];
      const reportIds = [...new Set(body.reportIds ?? [])];
      const language = (await repository.languageOf(member.id)) as DecisionRow['language'];

      const { decision, resolved } = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const reports = await repository.findReportsByIds(tx, reportIds);
        const foreign = reports.some(
          (report) => report.subjectUserId !== member.id && report.subjectUserId !== null,
        );
        if (reports.length !== reportIds.length || foreign)
          throw new AppError(
            'VALIDATION_FAILED',
            { key: 'moderation:errors.reportsOfOthers' },
            { reportIds: 'Some reports are not about this member' },
          );
        if (reports.some((report) => report.status !== 'open'))
          throw new AppError('CONFLICT', { key: 'moderation:errors.reportDecided' });
        const review = body.kind === 'remove_review' ? reportedReview(reports) : null;

        const decision = await repository.insertDecision(tx, {
          id: uuidv7(at.getTime()),
          kind: body.kind,
          subjectUserId: member.id,
          operatorId: actor.operatorId,
          reportId: reportIds[0] ?? null,
          subjectReviewId: review?.id ?? null,
          subjectReviewPart: review?.part ?? null,
          ground: body.ground,
          rule: body.rule,
          facts: body.facts,
          automated: false,
          until,
          effectiveAt,
          exception: body.exception ?? null,
          language,
          createdAt: at,
        });
        if (restrictions) await repository.setRestrictions(tx, member.id, restrictions);
        if (review) await repository.setReviewRemoved(tx, review, at);
        await repository.resolveReports(tx, reportIds, decision.id, at);
        await audit(
          tx,
          {
            operatorId: actor.operatorId,
            action: `decision.${body.kind}`,
            subjectUserId: member.id,
            reason: `${body.rule}: ${body.facts}`,
            evidenceIds: reportIds,
            details: {
              decisionId: decision.id,
              ...(until && { until: until.toISOString() }),
              ...(effectiveAt && { effectiveAt: effectiveAt.toISOString() }),
              ...(body.exception && { exception: body.exception }),
              ...(review && { review }),
            },
          },
          at,
        );
        return { decision, resolved: reports };
      });

      if (body.kind === 'suspend' || (body.kind === 'terminate' && !scheduled))
        await endAccess(member, decision);
      if (scheduled)
        await jobs.send(
          TERMINATION_QUEUE,
          { userId: member.id },
          { startAfterSeconds: Math.ceil(BUSINESS_NOTICE_MS / 1000) },
        );
      if (body.kind !== 'dismiss')
        void afterCommit(() => mailStatement(member, decision), 'mailing a statement of reasons');
      for (const report of resolved)
        void afterCommit(() => mailNotifier(report, decision), 'mailing a notifier the decision');
      return toDecision(decision, reportIds);
    },

    /** The affected person's decisions, each a statement of reasons with its appeal. */
    async findMyDecisions(actor: Actor): Promise<MyDecisions> {
      const rows = (await repository.findDecisionsOf(actor.userId)).filter(
        (row) => row.kind !== 'dismiss' && !row.appealOf,
      );
      const appeals = await repository.findAppealsOfDecisions(rows.map((row) => row.id));
      return {
        decisions: rows.map((row) =>
          toMyDecision(
            row,
            appeals.find((appeal) => appeal.decisionId === row.id),
          ),
        ),
      };
    },

    /** The signed-in person appeals a decision about them: once, within six months. */
    async appeal(actor: Actor, decisionId: string, body: CreateAppealBody): Promise<Appeal> {
      const decision = await repository.findDecision(decisionId);
      if (!decision || decision.subjectUserId !== actor.userId || decision.kind === 'dismiss')
        throw new AppError('NOT_FOUND', { key: 'moderation:errors.decisionNotFound' });
      return fileAppeal(decision, actor.userId, body.text);
    },

    /**
     * The statement a mailed appeal link opens, with no sign-in: the link is the proof, as the
     * person's mailbox is theirs.
     */
    async openAppealLink(token: string): Promise<MyDecision> {
      const { decision } = await decisionOfLink(token);
      const [appeal] = await repository.findAppealsOfDecisions([decision.id]);
      return toMyDecision(decision, appeal);
    },

    /**
     * The person appeals through the mailed link, with no sign-in: the same appeal as the
     * signed-in one (`appeal`), under the same rules, seen alike by the console.
     */
    async appealByLink(body: AppealByLinkBody): Promise<Appeal> {
      const { decision, userId } = await decisionOfLink(body.token);
      return fileAppeal(decision, userId, body.text);
    },

    async findAppeals(_actor: OperatorActor, status: 'open' | 'decided'): Promise<AdminAppeals> {
      const rows = await repository.findAppeals(status === 'decided');
      const decisions = await decisionsView(
        await repository.findDecisions([...new Set(rows.map((row) => row.decisionId))]),
      );
      const members = await repository.findMembers([
        ...new Set(
          decisions.flatMap((decision) => (decision.subjectUserId ? [decision.subjectUserId] : [])),
        ),
      ]);
      return {
        appeals: rows.map((row) => {
          const decision = decisions.find((candidate) => candidate.id === row.decisionId)!;
          return {
            appeal: toAppeal(row),
            decision,
            subject: memberSummary(members.find((member) => member.id === decision.subjectUserId)),
          };
        }),
      };
    },

    /**
     * An operator other than the decision's author decides an appeal (LGPD Art. 20, DSA Art. 20):
     * upheld keeps the decision; reversed lifts its restriction. Either way a decision records it,
     * with one audit row, and the person is mailed the outcome.
     */
    async decideAppeal(
      actor: OperatorActor,
      appealId: string,
      body: DecideAppealBody,
    ): Promise<Appeal> {
      const at = now();
      const appeal = await repository.findAppeal(appealId);
      if (!appeal) throw new AppError('NOT_FOUND', { key: 'moderation:errors.appealNotFound' });
      const original = await repository.findDecision(appeal.decisionId);
      if (!original) throw new AppError('NOT_FOUND', { key: 'moderation:errors.appealNotFound' });
      if (original.operatorId === actor.operatorId)
        throw new AppError('FORBIDDEN', { key: 'moderation:errors.ownDecision' });
      if (appeal.status !== 'open')
        throw new AppError('CONFLICT', { key: 'moderation:errors.appealDecided' });
      const member = original.subjectUserId
        ? await repository.findMember(original.subjectUserId)
        : undefined;
      const reversed = body.outcome === 'reversed';
      const kind: DecisionKind = reversed ? 'restore' : decisionKindSchema.parse(original.kind);

      const decided = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const outcome = await repository.insertDecision(tx, {
          id: uuidv7(at.getTime()),
          kind,
          subjectUserId: original.subjectUserId,
          operatorId: actor.operatorId,
          appealOf: original.id,
          subjectReviewId: original.subjectReviewId,
          subjectReviewPart: original.subjectReviewPart,
          ground: original.ground,
          rule: original.rule,
          facts: body.facts,
          automated: false,
          until: reversed ? null : original.until,
          effectiveAt: reversed ? null : original.effectiveAt,
          exception: reversed ? null : original.exception,
          language: original.language,
          createdAt: at,
        });
        if (!(await repository.closeAppeal(tx, appeal.id, body.outcome, outcome.id, at)))
          throw new AppError('CONFLICT', { key: 'moderation:errors.appealDecided' });
        // Reversing a review's take-down shows it again; it lifts no restriction of the account.
        if (reversed && original.subjectReviewId)
          await repository.setReviewRemoved(
            tx,
            { id: original.subjectReviewId, part: original.subjectReviewPart ?? 'review' },
            null,
          );
        else if (reversed && member)
          await repository.setRestrictions(tx, member.id, {
            hiddenAt: null,
            suspendedUntil: null,
            terminatesAt: null,
            terminatedAt: null,
          });
        await audit(
          tx,
          {
            operatorId: actor.operatorId,
            action: `appeal.${body.outcome}`,
            subjectUserId: original.subjectUserId,
            reason: body.facts,
            evidenceIds: [appeal.id, original.id],
            details: { decisionId: outcome.id },
          },
          at,
        );
        return { ...appeal, status: body.outcome, outcomeDecisionId: outcome.id, decidedAt: at };
      });

      if (member && !member.deletedAt)
        void afterCommit(async () => {
          const t = wordsFor(await repository.languageOf(member.id), 'moderation');
          await mailer.send({
            to: member.email,
            subject: t('appealOutcome.subject'),
            text: [
              t('hello', { name: member.firstName }),
              '',
              t(
                reversed && original.subjectReviewId
                  ? 'appealOutcome.reversedReview'
                  : `appealOutcome.${body.outcome}`,
                { date: original.createdAt },
              ),
              t('appealOutcome.facts', { facts: body.facts }),
              '',
              t('appealOutcome.human'),
            ].join('\n'),
            kind: 'moderation-appeal-decided',
          });
        }, 'mailing an appeal outcome');
      return toAppeal(decided);
    },

    async transparency(_actor: OperatorActor, year: number): Promise<Transparency> {
      const counts = await repository.countYear(
        new Date(Date.UTC(year, 0, 1)),
        new Date(Date.UTC(year + 1, 0, 1)),
      );
      const decisions = Object.fromEntries(
        decisionKindSchema.options.map((kind) => [
          kind,
          counts.kinds.find((row) => row.kind === kind)?.count ?? 0,
        ]),
      ) as Transparency['decisions'];
      return {
        year,
        notices: counts.notices,
        memberReports: counts.memberReports,
        decisions,
        appeals: counts.appeals,
        medianHoursToDecision:
          counts.medianSeconds === null
            ? null
            : Math.round((counts.medianSeconds / 3600) * 10) / 10,
      };
    },

    /**
     * Refuses a new session to an account suspended now or terminated, with the problem sign-in
     * answers: until when and the facts of the person's own decision, so they learn why as they try.
     */
    async admit(userId: string): Promise<void> {
      const member = await repository.findMember(userId);
      const at = now();
      const suspended = member?.suspendedUntil && member.suspendedUntil > at;
      if (!member || (!member.terminatedAt && !suspended)) return;
      const latest = (await repository.findDecisionsOf(userId)).find((row) =>
        member.terminatedAt ? row.kind === 'terminate' : row.kind === 'suspend',
      );
      const facts = latest?.facts ?? '';
      throw member.terminatedAt
        ? new AppError('ACCOUNT_SUSPENDED', {
            key: 'moderation:signIn.terminated',
            values: { facts },
          })
        : new AppError('ACCOUNT_SUSPENDED', {
            key: 'moderation:signIn.suspended',
            values: { until: member.suspendedUntil, facts },
          });
    },
  };
  return service;
}

export type ModerationService = ReturnType<typeof createModerationService>;
