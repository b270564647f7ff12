import { and, asc, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { chats, messages, moderationDecisions, reports, users } from '../../db/schema/index.js';

export type ReportRow = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;
export type DecisionRow = typeof moderationDecisions.$inferSelect;

/** A message as evidence keeps it: who wrote what, when, with the sender's name as it is now. */
export interface EvidenceMessage {
  id: string;
  senderId: string;
  senderFirstName: string | null;
  senderLastName: string | null;
  body: string;
  createdAt: Date;
}

const messageColumns = {
  id: messages.id,
  senderId: messages.senderId,
  senderFirstName: users.firstName,
  senderLastName: users.lastName,
  body: messages.body,
  createdAt: messages.createdAt,
};
const sender = eq(users.id, messages.senderId);

/** Reports and notices: their rows, and the reads that freeze a report's evidence. */
export function createReportsRepository(db: Database) {
  return {
    /** A member as their profile stands now; deleted accounts are none. */
    async findUser(userId: string) {
      const [row] = await db
        .select({
          id: users.id,
          role: users.role,
          firstName: users.firstName,
          lastName: users.lastName,
          description: users.description,
          category: users.category,
          address: users.address,
          imageUrl: users.imageUrl,
          plan: users.plan,
          deletedAt: users.deletedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row && !row.deletedAt ? row : undefined;
    },

    async findChat(chatId: string) {
      const [row] = await db.select().from(chats).where(eq(chats.id, chatId));
      return row;
    },

    /** The one chat between two people, either way round. */
    async findChatBetween(a: string, b: string) {
      const [row] = await db
        .select()
        .from(chats)
        .where(
          or(
            and(eq(chats.buyerId, a), eq(chats.sellerId, b)),
            and(eq(chats.buyerId, b), eq(chats.sellerId, a)),
          ),
        );
      return row;
    },

    async findMessage(messageId: string) {
      const [row] = await db
        .select({
          id: messages.id,
          chatId: messages.chatId,
          senderId: messages.senderId,
          body: messages.body,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(eq(messages.id, messageId));
      return row;
    },

    /**
     * Up to `count` messages of the chat before and after one, oldest first, the message among
     * them. Message ids grow with time (UUIDv7), so the chat's (chat_id, id) index orders them.
     */
    async findMessagesAround(
      chatId: string,
      messageId: string,
      count: number,
    ): Promise<EvidenceMessage[]> {
      const before = await db
        .select(messageColumns)
        .from(messages)
        .leftJoin(users, sender)
        .where(and(eq(messages.chatId, chatId), lt(messages.id, messageId)))
        .orderBy(desc(messages.id))
        .limit(count);
      const rest = await db
        .select(messageColumns)
        .from(messages)
        .leftJoin(users, sender)
        .where(
          and(
            eq(messages.chatId, chatId),
            or(eq(messages.id, messageId), gt(messages.id, messageId)),
          ),
        )
        .orderBy(asc(messages.id))
        .limit(count + 1);
      return [...before.reverse(), ...rest];
    },

    /** The chat's newest `count` messages, oldest first. */
    async findLatestMessages(chatId: string, count: number): Promise<EvidenceMessage[]> {
      const rows = await db
        .select(messageColumns)
        .from(messages)
        .leftJoin(users, sender)
        .where(eq(messages.chatId, chatId))
        .orderBy(desc(messages.id))
        .limit(count);
      return rows.reverse();
    },

    /** The caller's own open report of the same subject, if there is one. */
    async findOpenReportBy(
      reporterId: string,
      subject: {
        kind: ReportRow['subjectKind'];
        userId: string | null;
        messageId: string | null;
        reviewId: string | null;
        reviewPart: ReportRow['subjectReviewPart'];
      },
    ) {
      const [row] = await db
        .select()
        .from(reports)
        .where(
          and(
            eq(reports.reporterId, reporterId),
            eq(reports.source, 'member'),
            eq(reports.status, 'open'),
            eq(reports.subjectKind, subject.kind),
            // A review is named by its id and part: its author may be gone (a former client).
            subject.reviewId
              ? and(
                  eq(reports.subjectReviewId, subject.reviewId),
                  eq(reports.subjectReviewPart, subject.reviewPart ?? 'review'),
                )
              : subject.userId
                ? eq(reports.subjectUserId, subject.userId)
                : isNull(reports.subjectUserId),
            subject.messageId
              ? eq(reports.subjectMessageId, subject.messageId)
              : isNull(reports.subjectMessageId),
          ),
        )
        .limit(1);
      return row;
    },

    async insertReport(report: NewReport): Promise<ReportRow> {
      const [row] = await db.insert(reports).values(report).returning();
      return row!;
    },

    async findReport(reportId: string) {
      const [row] = await db.select().from(reports).where(eq(reports.id, reportId));
      return row;
    },

    async findDecision(decisionId: string) {
      const [row] = await db
        .select()
        .from(moderationDecisions)
        .where(eq(moderationDecisions.id, decisionId));
      return row;
    },

    /** The reports a member made, oldest first (their data export). */
    async findReportsBy(reporterId: string): Promise<ReportRow[]> {
      return db
        .select()
        .from(reports)
        .where(eq(reports.reporterId, reporterId))
        .orderBy(asc(reports.createdAt), asc(reports.id));
    },

    /**
     * A deleted account's reports stay (moderation records) without their author: the row is
     * kept anonymised, so the foreign key's `set null` never fires and this does it.
     */
    async forgetReporter(reporterId: string): Promise<void> {
      await db.update(reports).set({ reporterId: null }).where(eq(reports.reporterId, reporterId));
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
