import { eq } from 'drizzle-orm';
import {
  accountExportSchema,
  noticeReceiptSchema,
  reportReceiptSchema,
  type CreateNoticeInput,
} from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { moderationDecisions, operators, reports } from '../../db/schema/index.js';
import { uuidv7 } from '../../lib/uuid.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { insertUser } from '../../../test/builders.js';
import { newChat, send } from '../../../test/chats.js';
import { mailsOf } from '../../../test/mail-log.js';
import { nextAddress, signUp, type SignedUp } from '../../../test/sessions.js';
import { createReportsRepository } from './reports.repository.js';
import { createReportsService, type ReportEvidence } from './reports.service.js';

const { app } = await buildTestApp();

function report(
  user: SignedUp | undefined,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/reports',
    headers: { ...user?.headers, ...headers },
    payload: payload as object,
  });
}

function notice(payload: unknown, remoteAddress = nextAddress()) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/notices',
    payload: payload as object,
    remoteAddress,
  });
}

async function storedReport(id: string) {
  const [row] = await app.db.select().from(reports).where(eq(reports.id, id));
  return row!;
}

/** A business and a client with a chat of `count` messages, alternating, the business first. */
async function chatWithMessages(count: number) {
  const business = await signUp(app, { role: 'seller', businessName: 'Padaria Central' });
  const client = await signUp(app, { role: 'buyer', firstName: 'Ana', lastName: 'Reis' });
  const chatId = await newChat(app, client, business);
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const author = index % 2 === 0 ? business : client;
    const response = await send(app, author, chatId, `message ${index}`);
    expect(response.statusCode).toBe(201);
    ids.push(response.json<{ message: { id: string } }>().message.id);
  }
  return { business, client, chatId, ids };
}

function aNotice(overrides: Partial<CreateNoticeInput> = {}): CreateNoticeInput {
  return {
    explanation: 'This business sells counterfeit medicines.',
    location: 'http://localhost:3000/sellers/00000000-0000-4000-8000-000000000000',
    notifierName: 'Rita Sousa',
    notifierEmail: 'rita@example.test',
    goodFaith: true,
    language: 'en',
    ...overrides,
  };
}

describe('POST /reports', () => {
  it('acknowledges a report of a profile with its id, and freezes the profile as evidence', async () => {
    const business = await signUp(app, {
      role: 'seller',
      businessName: 'Loja Falsa',
      description: 'Cheap designer bags',
    });
    const client = await signUp(app, { role: 'buyer' });

    const response = await report(client, {
      subject: { kind: 'profile', userId: business.id },
      reason: 'fake_business',
      details: 'The address does not exist.',
    });

    expect(response.statusCode).toBe(201);
    const receipt = reportReceiptSchema.parse(response.json());
    expect(receipt).toEqual({
      id: expect.any(String),
      status: 'open',
      duplicate: false,
      message: expect.stringContaining(receipt.id),
      createdAt: expect.any(String),
    });
    const row = await storedReport(receipt.id);
    expect(row).toMatchObject({
      source: 'member',
      reporterId: client.id,
      subjectUserId: business.id,
      subjectKind: 'profile',
      reason: 'fake_business',
      details: 'The address does not exist.',
      legalGround: null,
    });

    // The business edits its profile afterwards: the evidence keeps it as it was.
    const edited = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: business.headers,
      payload: { description: 'Genuine bags only' },
    });
    expect(edited.statusCode).toBe(200);
    const evidence = (await storedReport(receipt.id)).evidence as ReportEvidence;
    expect(evidence.profile).toEqual({
      id: business.id,
      role: 'seller',
      name: 'Loja Falsa',
      description: 'Cheap designer bags',
      sector: 'hospitality',
      address: 'Praça do Comércio, Lisbon',
      photoUrls: [],
      plan: 'free',
    });
    expect(evidence.messages).toBeNull();
  });

  it('answers in the asker’s language', async () => {
    const business = await signUp(app, { role: 'seller' });
    const client = await signUp(app, { role: 'buyer' });
    const response = await report(
      client,
      { subject: { kind: 'user', userId: business.id }, reason: 'spam' },
      { 'accept-language': 'pt-PT' },
    );
    expect(response.statusCode).toBe(201);
    expect(reportReceiptSchema.parse(response.json()).message).toMatch(/^Obrigado: a sua denúncia/);
  });

  it('keeps the reported message with the ten messages before and after it', async () => {
    const { business, client, chatId, ids } = await chatWithMessages(25);
    const reported = ids[12]!; // written by the business (even index)

    const response = await report(client, {
      subject: { kind: 'message', messageId: reported },
      reason: 'harassment',
    });

    expect(response.statusCode).toBe(201);
    const row = await storedReport(reportReceiptSchema.parse(response.json()).id);
    expect(row).toMatchObject({
      subjectKind: 'message',
      subjectUserId: business.id,
      subjectMessageId: reported,
    });
    const evidence = row.evidence as ReportEvidence;
    expect(evidence.messages).toMatchObject({ chatId, reportedMessageId: reported });
    expect(evidence.messages!.items.map((item) => item.id)).toEqual(ids.slice(2, 23));
    expect(evidence.messages!.items[10]).toEqual({
      id: reported,
      senderId: business.id,
      senderName: 'Padaria Central',
      body: 'message 12',
      createdAt: expect.any(String),
    });
    // Who wrote each message, by the names they had when it was reported.
    expect(evidence.messages!.items[11]).toMatchObject({
      senderId: client.id,
      senderName: 'Ana Reis',
    });
    expect(evidence.profile?.id).toBe(business.id);
  });

  it('keeps the chat’s latest messages when a person is reported from it', async () => {
    const { business, client, chatId, ids } = await chatWithMessages(3);
    const response = await report(client, {
      subject: { kind: 'user', userId: business.id, chatId },
      reason: 'scam',
    });
    expect(response.statusCode).toBe(201);
    const evidence = (await storedReport(reportReceiptSchema.parse(response.json()).id))
      .evidence as ReportEvidence;
    expect(evidence.messages?.chatId).toBe(chatId);
    expect(evidence.messages?.items.map((item) => item.body)).toEqual([
      'message 0',
      'message 1',
      'message 2',
    ]);
    expect(evidence.messages?.items.map((item) => item.id)).toEqual(ids);
    expect(evidence.messages?.items.map((item) => item.senderName)).toEqual([
      'Padaria Central',
      'Ana Reis',
      'Padaria Central',
    ]);
  });

  it('answers the open report again, adding none, when the same subject is reported twice', async () => {
    const business = await signUp(app, { role: 'seller' });
    const client = await signUp(app, { role: 'buyer' });
    const payload = { subject: { kind: 'profile', userId: business.id }, reason: 'spam' };

    const first = reportReceiptSchema.parse((await report(client, payload)).json());
    const again = await report(client, { ...payload, reason: 'scam' });

    expect(again.statusCode).toBe(200);
    expect(reportReceiptSchema.parse(again.json())).toMatchObject({
      id: first.id,
      duplicate: true,
    });
    const rows = await app.db.select().from(reports).where(eq(reports.subjectUserId, business.id));
    expect(rows).toHaveLength(1);
  });

  it('requires the legal ground for illegal content, naming the field', async () => {
    const business = await signUp(app, { role: 'seller' });
    const client = await signUp(app, { role: 'buyer' });
    const response = await report(client, {
      subject: { kind: 'profile', userId: business.id },
      reason: 'illegal',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { legalGround: 'Name the law or legal ground the content breaks.' },
    });

    const withGround = await report(client, {
      subject: { kind: 'profile', userId: business.id },
      reason: 'illegal',
      legalGround: 'Counterfeit goods',
    });
    expect(withGround.statusCode).toBe(201);
    const row = await storedReport(reportReceiptSchema.parse(withGround.json()).id);
    expect(row.legalGround).toBe('Counterfeit goods');
  });

  it('refuses details over the limit', async () => {
    const business = await signUp(app, { role: 'seller' });
    const client = await signUp(app, { role: 'buyer' });
    const response = await report(client, {
      subject: { kind: 'profile', userId: business.id },
      reason: 'other',
      details: 'x'.repeat(2001),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['details']);
  });

  describe('who may report what', () => {
    it('refuses a visitor (401)', async () => {
      const business = await signUp(app, { role: 'seller' });
      const response = await report(undefined, {
        subject: { kind: 'profile', userId: business.id },
        reason: 'spam',
      });
      expect(response.statusCode).toBe(401);
    });

    it('answers 404 to a member reporting a message of a chat they are not in', async () => {
      const { ids } = await chatWithMessages(1);
      const outsider = await signUp(app, { role: 'buyer' });
      const response = await report(outsider, {
        subject: { kind: 'message', messageId: ids[0] },
        reason: 'spam',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'NOT_FOUND',
        detail: 'This message does not exist.',
      });
    });

    it('refuses reporting one’s own message, and oneself (403)', async () => {
      const { business, ids } = await chatWithMessages(1);
      const own = await report(business, {
        subject: { kind: 'message', messageId: ids[0] },
        reason: 'spam',
      });
      expect(own.statusCode).toBe(403);
      const self = await report(business, {
        subject: { kind: 'profile', userId: business.id },
        reason: 'spam',
      });
      expect(self.statusCode).toBe(403);
      expect(self.json()).toMatchObject({ detail: 'You cannot report yourself.' });
    });

    it('answers 404 for a person who does not exist, or a chat that is not theirs', async () => {
      const client = await signUp(app, { role: 'buyer' });
      const nobody = await report(client, {
        subject: { kind: 'user', userId: '00000000-0000-4000-8000-000000000001' },
        reason: 'spam',
      });
      expect(nobody.statusCode).toBe(404);

      const { business, chatId } = await chatWithMessages(1);
      const notTheirs = await report(client, {
        subject: { kind: 'user', userId: business.id, chatId },
        reason: 'spam',
      });
      expect(notTheirs.statusCode).toBe(404);
      expect(notTheirs.json()).toMatchObject({ detail: 'This chat does not exist.' });
    });

    it('never shows the reporter to the person reported', async () => {
      const { business, client, ids } = await chatWithMessages(1);
      await report(client, { subject: { kind: 'message', messageId: ids[0] }, reason: 'spam' });
      const exported = await app.inject({
        method: 'GET',
        url: '/api/v1/me/export',
        headers: business.headers,
      });
      expect(exported.statusCode).toBe(200);
      expect(accountExportSchema.parse(exported.json()).reports).toEqual([]);
    });
  });

  it('refuses a member’s 21st report within the hour with 429', async () => {
    const client = await signUp(app, { role: 'buyer' });
    const businesses = [];
    for (let index = 0; index < 21; index += 1) businesses.push(await insertUser(app.db));
    const statuses: number[] = [];
    for (const business of businesses) {
      const response = await report(client, {
        subject: { kind: 'user', userId: business.id },
        reason: 'spam',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toMatchObject({
          code: 'RATE_LIMITED',
          detail: expect.stringMatching(/^Too many requests\. Please wait \d+ s/),
        });
        expect(response.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses).toEqual([...Array(20).fill(201), 429]);
  }, 60_000);
});

describe('POST /notices', () => {
  it('lets a visitor send a notice about a profile, and mails the receipt with each field named', async () => {
    const business = await insertUser(app.db, { firstName: 'Farmácia Sombra', lastName: '' });
    const location = `http://localhost:3000/sellers/${business.id}`;

    const response = await notice(
      aNotice({ location, reason: 'illegal', legalGround: 'Medicines Act, art. 4' }),
    );

    expect(response.statusCode).toBe(201);
    const receipt = noticeReceiptSchema.parse(response.json());
    expect(receipt).toEqual({
      id: expect.any(String),
      location,
      message: expect.stringContaining('rita@example.test'),
      createdAt: expect.any(String),
    });
    const row = await storedReport(receipt.id);
    expect(row).toMatchObject({
      source: 'notice',
      reporterId: null,
      subjectUserId: business.id,
      subjectKind: 'profile',
      reason: 'illegal',
      legalGround: 'Medicines Act, art. 4',
      details: 'This business sells counterfeit medicines.',
      locationUrl: location,
      notifierName: 'Rita Sousa',
      notifierEmail: 'rita@example.test',
      goodFaith: true,
      language: 'en',
      status: 'open',
    });
    expect((row.evidence as ReportEvidence).profile?.name).toBe('Farmácia Sombra');

    const mail = await mailsOf(app).waitFor(
      (sent) => sent.kind === 'notice-receipt' && sent.subject.includes(receipt.id),
    );
    expect(mail.to).toBe('rita@example.test');
    expect(mail.subject).toBe(`We received your notice ${receipt.id}`);
    const lines = mail.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Hello Rita Sousa,',
        `Reference: ${receipt.id}`,
        `Location: ${location}`,
        'Kind of problem: Illegal content',
        'Legal ground: Medicines Act, art. 4',
        'Name: Rita Sousa',
        'Email: rita@example.test',
        'Good-faith statement: You declared that the notice is accurate and complete, in good faith.',
        'Explanation:',
        'This business sells counterfeit medicines.',
      ]),
    );
  });

  it('mails the receipt in the form’s language, and takes a path of this site', async () => {
    const business = await insertUser(app.db);
    const response = await notice(
      aNotice({
        location: `/sellers/${business.id}`,
        language: 'pt',
        notifierEmail: 'joao@example.test',
      }),
    );
    expect(response.statusCode).toBe(201);
    const receipt = noticeReceiptSchema.parse(response.json());
    expect(receipt.location).toBe(`http://localhost:3000/sellers/${business.id}`);
    expect(receipt.message).toMatch(/^Obrigado: sua notificação/);
    const mail = await mailsOf(app).waitFor((sent) => sent.to === 'joao@example.test');
    expect(mail.subject).toBe(`Recebemos sua notificação ${receipt.id}`);
    expect(mail.text).toContain(`Referência: ${receipt.id}`);
  });

  it('keeps a notice about a page of this site that is no member’s profile, with no subject', async () => {
    const response = await notice(aNotice({ location: 'http://localhost:3000/pricing' }));
    expect(response.statusCode).toBe(201);
    const row = await storedReport(noticeReceiptSchema.parse(response.json()).id);
    expect(row).toMatchObject({ subjectUserId: null, reason: 'illegal' });
  });

  it.each([
    ['explanation', { explanation: undefined }],
    ['location', { location: undefined }],
    ['notifierName', { notifierName: undefined }],
    ['notifierEmail', { notifierEmail: undefined }],
    ['goodFaith', { goodFaith: undefined }],
  ])('refuses a notice without its %s, naming the field', async (field, overrides) => {
    const response = await notice({ ...aNotice(), ...overrides });
    expect(response.statusCode).toBe(400);
    const problem = response.json();
    expect(problem).toMatchObject({ code: 'VALIDATION_FAILED', instance: '/api/v1/notices' });
    expect(Object.keys(problem.errors)).toEqual([field]);
  });

  it('refuses a good-faith statement that is false', async () => {
    const response = await notice(aNotice({ goodFaith: false as true }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      goodFaith: 'Confirm that the notice is accurate and complete, in good faith.',
    });
  });

  it('refuses a location on another site', async () => {
    const response = await notice(aNotice({ location: 'https://example.com/sellers/1' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      location: expect.stringMatching(/^Give the address of a page on this site/),
    });
  });

  it('refuses the 11th notice from one address within the hour', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      statuses.push((await notice(aNotice({ location: '/pricing' }), address)).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });

  it('mails the decision to the notifier in the notice’s language', async () => {
    const business = await insertUser(app.db);
    const sent = await notice(
      aNotice({
        location: `/sellers/${business.id}`,
        language: 'pt-PT',
        notifierEmail: 'decision@example.test',
      }),
    );
    const receipt = noticeReceiptSchema.parse(sent.json());
    const operatorId = uuidv7();
    await app.db.insert(operators).values({
      id: operatorId,
      email: `${operatorId}@operators.test`,
      role: 'moderator',
      passwordHash: '!',
    });
    const decisionId = uuidv7();
    await app.db.insert(moderationDecisions).values({
      id: decisionId,
      kind: 'hide',
      subjectUserId: business.id,
      operatorId,
      reportId: receipt.id,
      ground: 'law',
      rule: 'Decreto-Lei 176/2006',
      facts: 'Sells prescription medicines without a licence.',
    });

    // As the moderation decisions call it: the job runs on the app's own queue and mailer.
    const reportsService = createReportsService({
      repository: createReportsRepository(app.db),
      galleryUrls: async () => [],
      mailer: app.mailer,
      jobs: app.jobs,
      publicUrl: 'http://localhost:3000',
      reviewForReport: () => Promise.reject(new Error('no review is reported here')),
    });
    await reportsService.notifyNotifierOfDecision(await storedReport(receipt.id), {
      id: decisionId,
    });

    const mail = await mailsOf(app).waitFor(
      (mailed) => mailed.to === 'decision@example.test' && mailed.kind === 'notice-decision',
    );
    expect(mail.subject).toBe(`A nossa decisão sobre a sua notificação ${receipt.id}`);
    expect(mail.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Olá Rita Sousa,',
        'Ocultámos o perfil do diretório e da Maya.',
        'Fundamento: a lei (Decreto-Lei 176/2006).',
        'Esta decisão foi tomada por uma pessoa da nossa equipa; não foram usados meios automatizados.',
      ]),
    );
  });
});

describe('the reporter’s data', () => {
  it('puts the reports a member made in their export, without the evidence', async () => {
    const { business, client, ids } = await chatWithMessages(2);
    const made = reportReceiptSchema.parse(
      (
        await report(client, {
          subject: { kind: 'message', messageId: ids[0] },
          reason: 'paid_review',
          details: 'Offered a discount for five stars.',
        })
      ).json(),
    );
    const exported = await app.inject({
      method: 'GET',
      url: '/api/v1/me/export',
      headers: client.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(accountExportSchema.parse(exported.json()).reports).toEqual([
      {
        id: made.id,
        source: 'member',
        subjectKind: 'message',
        subjectUserId: business.id,
        subjectMessageId: ids[0],
        subjectReviewId: null,
        reason: 'paid_review',
        legalGround: null,
        details: 'Offered a discount for five stars.',
        status: 'open',
        createdAt: made.createdAt,
      },
    ]);
    expect(JSON.stringify(exported.json())).not.toContain('evidence');
  });

  it('keeps a deleted reporter’s reports without their author, and reports about them', async () => {
    const business = await signUp(app, { role: 'seller' });
    const client = await signUp(app, { role: 'buyer' });
    const made = reportReceiptSchema.parse(
      (
        await report(client, { subject: { kind: 'profile', userId: business.id }, reason: 'scam' })
      ).json(),
    );
    const about = reportReceiptSchema.parse(
      (
        await report(business, { subject: { kind: 'user', userId: client.id }, reason: 'spam' })
      ).json(),
    );

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: client.headers,
      payload: { password: client.password },
    });
    expect(deleted.statusCode).toBe(204);

    expect(await storedReport(made.id)).toMatchObject({
      reporterId: null,
      subjectUserId: business.id,
    });
    expect(await storedReport(about.id)).toMatchObject({
      reporterId: business.id,
      subjectUserId: client.id,
    });
  });
});
