import { eq } from 'drizzle-orm';
import {
  adminAppealsSchema,
  appealSchema,
  decisionSchema,
  myDecisionSchema,
  myDecisionsSchema,
} from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { insertOperator, insertReport } from '../../../test/moderation.js';
import {
  nextAddress,
  sameOrigin,
  SIGN_UP_MAIL,
  signIn,
  signUpThroughSmtp,
  type SignedUp,
} from '../../../test/sessions.js';
import { decodedText, findLink, startSmtpPeer, subjectOf } from '../../../test/smtp-peer.js';
import { appeals, moderationDecisions, notificationSettings } from '../../db/schema/index.js';
import { createMailLinkSigner } from '../../lib/mail-link-signer.js';
import { createAppealLinks } from './appeal-links.js';
import { LINK_APPEALS_PER_HOUR } from './moderation.routes.js';

/**
 * The appeal link mailed with a statement of reasons: it opens the statement and files the
 * appeal with no sign-in, so a suspended or terminated account appeals as any other does.
 */
const SECRET = 'the mail links secret, thirty-two characters or more';
const UNKNOWN_LINK =
  'This link does not open a decision. Check that the whole link from the mail was opened.';

const smtp = await startSmtpPeer();
const { app, database } = await buildTestApp({ SMTP_URL: smtp.url, MAIL_LINK_SECRET: SECRET });
const db = database.db;

/** Links signed as this server signs them (the test knows its secret), or under another one. */
const linksUnder = (secret: string) =>
  createAppealLinks(
    createMailLinkSigner({ configured: secret, keep: () => Promise.reject(new Error('unused')) }),
    'http://localhost:3000',
  );
const ours = linksUnder(SECRET);

const member = (overrides: Record<string, unknown> = {}) =>
  signUpThroughSmtp(app, smtp.inbox, overrides);

const decide = async (headers: Record<string, string>, payload: Record<string, unknown>) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/decisions',
    headers,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return decisionSchema.parse(response.json());
};

/** The mails `email` was sent after its sign-up's (here, statements of reasons). */
const statementsTo = (email: string) =>
  smtp.inbox.filter(
    (mail) =>
      mail.to.includes(email.toLowerCase()) && !subjectOf(mail.raw).startsWith(SIGN_UP_MAIL),
  );

/** The statement of reasons mailed to `email`, as the SMTP peer received it (decoded text). */
async function statementTo(email: string): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const [mail] = statementsTo(email);
    if (mail) return decodedText(mail.raw);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no statement of reasons reached ${email}`);
}

const tokenOf = (mail: string) => new URL(findLink(mail, '/appeal')).searchParams.get('token')!;

/** The link's page reads the statement: the token in the body, from a signed-out browser. */
const openLink = (token: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/decisions/statement',
    headers: sameOrigin,
    remoteAddress: nextAddress(),
    payload: { token },
  });

const appealByLink = (token: unknown, text: string, remoteAddress = nextAddress()) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/decisions/appeal',
    headers: sameOrigin,
    remoteAddress,
    payload: { token, text },
  });

const suspension = (subject: SignedUp) => ({
  subjectUserId: subject.id,
  kind: 'suspend',
  ground: 'rules',
  rule: 'Terms 4.2: no harassment',
  facts: 'Threats sent to two members',
  until: new Date(Date.now() + 7 * 86_400_000).toISOString(),
});

const sixMonthsAfter = (iso: string) => {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + 6);
  return date.toISOString();
};

describe('the appeal link of a statement of reasons', () => {
  it('lets a suspended member read the mailed statement and appeal without signing in, and the console lists the appeal as a signed-in one', async () => {
    const author = await insertOperator(db);
    const reviewer = await insertOperator(db);
    const business = await member({ role: 'seller' });
    const decision = await decide(author.headers, suspension(business));

    const mail = await statementTo(business.email);
    expect(mail).toContain('Your account is suspended until');
    expect(mail).toContain(
      `You can appeal this decision once, until ${new Date(sixMonthsAfter(decision.createdAt)).toLocaleDateString('en', { dateStyle: 'long', timeZone: 'UTC' })}`,
    );
    expect(mail).toContain('it needs no sign-in');
    expect(mail).toContain('also under Decisions in your account');
    expect(mail).not.toContain('reply to this mail');
    const link = new URL(findLink(mail, '/appeal'));
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/appeal');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{64}$/);
    // The account cannot sign in: the link is its way to appeal.
    expect((await signIn(app, business.email, business.password)).json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
    });

    const opened = await openLink(token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(myDecisionSchema.parse(opened.json())).toEqual({
      id: decision.id,
      kind: 'suspend',
      ground: 'rules',
      rule: 'Terms 4.2: no harassment',
      facts: 'Threats sent to two members',
      automated: false,
      until: decision.until,
      effectiveAt: null,
      review: null,
      createdAt: decision.createdAt,
      appealableUntil: sixMonthsAfter(decision.createdAt),
      appeal: null,
    });

    const appealed = await appealByLink(token, 'The threats were not mine: my phone was stolen');
    expect(appealed.statusCode, appealed.body).toBe(201);
    const appeal = appealSchema.parse(appealed.json());
    expect(appeal).toEqual({
      id: expect.any(String),
      decisionId: decision.id,
      text: 'The threats were not mine: my phone was stolen',
      status: 'open',
      outcomeDecisionId: null,
      createdAt: expect.any(String),
      decidedAt: null,
    });
    // The same row a signed-in appeal writes: the person's, against their decision.
    const [row] = await db.select().from(appeals).where(eq(appeals.id, appeal.id));
    expect(row).toMatchObject({ decisionId: decision.id, userId: business.id, status: 'open' });
    expect((await openLink(token)).json().appeal).toEqual(appeal);

    const again = await appealByLink(token, 'Once more');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      detail: 'You have already appealed this decision.',
    });

    const listed = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/appeals?status=open',
      headers: reviewer.headers,
    });
    expect(adminAppealsSchema.parse(listed.json()).appeals).toContainEqual({
      appeal,
      decision: expect.objectContaining({
        id: decision.id,
        kind: 'suspend',
        subjectUserId: business.id,
        operatorId: author.id,
      }),
      subject: { id: business.id, name: expect.any(String), email: business.email, role: 'seller' },
    });

    // Another operator reverses it: the account signs in again and finds the appeal decided.
    const reversed = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/appeals/${appeal.id}/decision`,
      headers: reviewer.headers,
      payload: { outcome: 'reversed', facts: 'The phone was reported stolen that day' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const back = await signIn(app, business.email, business.password);
    expect(back.statusCode).toBe(200);
    const mine = myDecisionsSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/me/decisions',
          headers: { authorization: `Bearer ${back.json().token}` },
        })
      ).json(),
    );
    expect(mine.decisions).toEqual([
      expect.objectContaining({
        id: decision.id,
        appeal: expect.objectContaining({ id: appeal.id, status: 'reversed' }),
      }),
    ]);
  });

  it('answers a forged or altered token 404 in words that say nothing of why, and files nothing', async () => {
    const operator = await insertOperator(db);
    const subject = await member();
    const decision = await decide(operator.headers, {
      subjectUserId: subject.id,
      kind: 'warn',
      ground: 'rules',
      rule: 'Terms 4',
      facts: 'Spam in chats',
    });
    const token = tokenOf(await statementTo(subject.email));
    expect(token).toBe(await ours.tokenOf(decision.id));

    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    const other = await decide(operator.headers, {
      subjectUserId: (await member()).id,
      kind: 'warn',
      ground: 'rules',
      rule: 'Terms 4',
      facts: 'Spam',
    });
    const forged = {
      'a character of the signature changed': flip(token, 40),
      'a character of the decision changed': flip(token, 3),
      'the last character changed': flip(token, 63),
      'cut short': token.slice(0, 60),
      'one character longer': `${token}A`,
      "this decision's id with another decision's signature": `${token.slice(0, 22)}${(await ours.tokenOf(other.id)).slice(22)}`,
      'signed under another secret': await linksUnder(
        'another secret of thirty-two characters or more',
      ).tokenOf(decision.id),
      'a decision that does not exist, signed': await ours.tokenOf(
        '01900000-0000-7000-8000-000000000000',
      ),
      'random text': 'x'.repeat(64),
    };
    for (const [what, bad] of Object.entries(forged)) {
      const opened = await openLink(bad);
      expect([what, opened.statusCode]).toEqual([what, 404]);
      expect(opened.json()).toMatchObject({ code: 'NOT_FOUND', detail: UNKNOWN_LINK });
      const appealed = await appealByLink(bad, 'Let me in');
      expect([what, appealed.statusCode]).toEqual([what, 404]);
      expect(appealed.json()).toMatchObject({ code: 'NOT_FOUND', detail: UNKNOWN_LINK });
    }
    const inPortuguese = await app.inject({
      method: 'POST',
      url: '/api/v1/decisions/statement',
      headers: { ...sameOrigin, 'accept-language': 'pt-BR' },
      remoteAddress: nextAddress(),
      payload: { token: flip(token, 40) },
    });
    expect(inPortuguese.json().detail).toBe(
      'Este link não abre nenhuma decisão. Confira se você abriu o link completo do e-mail.',
    );
    expect(await db.select().from(appeals).where(eq(appeals.decisionId, decision.id))).toEqual([]);

    // Not a token at all: the schema's 400, naming the field.
    for (const malformed of ['', 'has spaces in it', 'a.b', 'x'.repeat(201), 42, null]) {
      const response = await openLink(malformed);
      expect([malformed, response.statusCode]).toEqual([malformed, 400]);
    }
    expect((await openLink(token)).statusCode).toBe(200);
  });

  it('refuses an appeal after six months with 409, and still opens the statement', async () => {
    const operator = await insertOperator(db);
    const subject = await member();
    const decision = await decide(operator.headers, {
      subjectUserId: subject.id,
      kind: 'hide',
      ground: 'rules',
      rule: 'Terms 3.1',
      facts: 'Fake address',
    });
    const token = tokenOf(await statementTo(subject.email));
    await db
      .update(moderationDecisions)
      .set({ createdAt: new Date(Date.now() - 190 * 86_400_000) })
      .where(eq(moderationDecisions.id, decision.id));

    const opened = myDecisionSchema.parse((await openLink(token)).json());
    expect(new Date(opened.appealableUntil).getTime()).toBeLessThan(Date.now());
    expect(opened.appeal).toBeNull();
    const late = await appealByLink(token, 'Late');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'CONFLICT',
      detail: 'This decision can no longer be appealed: the six months have passed.',
    });
  });

  it('mails no link for a dismissed report, and a signed dismissal opens nothing', async () => {
    const operator = await insertOperator(db);
    const subject = await member();
    const report = await insertReport(db, { subjectUserId: subject.id });
    const dismissed = await decide(operator.headers, {
      subjectUserId: subject.id,
      kind: 'dismiss',
      reportIds: [report.id],
      ground: 'rules',
      rule: 'Terms 3.1',
      facts: 'The business is real',
    });
    await decide(operator.headers, {
      subjectUserId: subject.id,
      kind: 'warn',
      ground: 'rules',
      rule: 'Terms 4',
      facts: 'Rude replies',
    });
    // The warning's statement arrives; the dismissal sent none before it.
    const mail = await statementTo(subject.email);
    expect(mail).toContain('Rude replies');
    expect(statementsTo(subject.email)).toHaveLength(1);

    const signed = await ours.tokenOf(dismissed.id);
    expect((await openLink(signed)).statusCode).toBe(404);
    expect((await appealByLink(signed, 'Why?')).statusCode).toBe(404);
  });

  it('makes one appeal of two sent at once', async () => {
    const operator = await insertOperator(db);
    const subject = await member();
    await decide(operator.headers, suspension(subject));
    const token = tokenOf(await statementTo(subject.email));
    const answers = await Promise.all([
      appealByLink(token, 'First'),
      appealByLink(token, 'Second'),
      appealByLink(token, 'Third'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('writes the link into a Brazilian Portuguese statement, and opens nothing once the account is deleted', async () => {
    const operator = await insertOperator(db);
    const subject = await member();
    await db
      .insert(notificationSettings)
      .values({ userId: subject.id, language: 'pt-BR' })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { language: 'pt-BR' } });
    await decide(operator.headers, {
      subjectUserId: subject.id,
      kind: 'warn',
      ground: 'rules',
      rule: 'Termos 4',
      facts: 'Spam',
    });
    const mail = await statementTo(subject.email);
    expect(mail).toContain('Você pode recorrer desta decisão uma vez, até');
    expect(mail).toContain('não é preciso entrar na conta');
    const token = tokenOf(mail);
    expect((await openLink(token)).statusCode).toBe(200);

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: { ...subject.headers, ...sameOrigin },
      payload: { password: subject.password },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await openLink(token)).statusCode).toBe(404);
    expect((await appealByLink(token, 'Too late')).statusCode).toBe(404);
  });

  it(`limits appeals through links to ${LINK_APPEALS_PER_HOUR} an address an hour`, async () => {
    const address = nextAddress();
    for (let sent = 0; sent < LINK_APPEALS_PER_HOUR; sent += 1) {
      expect((await appealByLink('x'.repeat(64), 'Please', address)).statusCode).toBe(404);
    }
    const refused = await appealByLink('x'.repeat(64), 'Please', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
