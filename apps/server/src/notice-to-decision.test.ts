import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.js';
import { mailsOf } from '../test/mail-log.js';
import { insertOperator } from '../test/moderation.js';
import { signUp } from '../test/sessions.js';

/**
 * Notice and action end to end (DSA Art. 16 and 17): a signed-out visitor sends a notice and
 * gets its receipt; an operator decides on it; the notifier is told the decision and the person
 * affected gets a statement of reasons. Each mail's fields are asserted by name.
 */
const { app } = await buildTestApp();

describe('a notice, from a visitor to a decision', () => {
  it('gives the visitor a receipt, the notifier the decision, and the business its statement of reasons', async () => {
    const business = await signUp(app, { businessName: 'Farmácia Sombra' });
    const location = `http://localhost:3000/sellers/${business.id}`;

    // A visitor, with no session at all.
    const sent = await app.inject({
      method: 'POST',
      url: '/api/v1/notices',
      headers: { 'x-requested-with': 'fetch' },
      payload: {
        explanation: 'This business sells prescription medicines without a licence.',
        location,
        notifierName: 'Rita Sousa',
        notifierEmail: 'rita.notifier@example.test',
        goodFaith: true,
        reason: 'illegal',
        legalGround: 'Medicines Act, art. 4',
        language: 'en',
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const noticeId = sent.json<{ id: string }>().id;

    const receipt = await mailsOf(app).waitFor(
      (mail) => mail.kind === 'notice-receipt' && mail.to === 'rita.notifier@example.test',
    );
    expect(receipt.text.split('\n')).toEqual(
      expect.arrayContaining([
        `Reference: ${noticeId}`,
        `Location: ${location}`,
        'Kind of problem: Illegal content',
        'Legal ground: Medicines Act, art. 4',
        'Name: Rita Sousa',
        'Email: rita.notifier@example.test',
        'Explanation:',
        'This business sells prescription medicines without a licence.',
      ]),
    );

    // The operator finds it in the queue and decides, with a fresh code.
    const moderator = await insertOperator(app.db, { role: 'moderator' });
    const queue = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/reports/${noticeId}`,
      headers: moderator.headers,
    });
    expect(queue.statusCode).toBe(200);
    expect(queue.body).toContain('Farmácia Sombra');
    const decided = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/decisions',
      headers: moderator.headers,
      payload: {
        subjectUserId: business.id,
        kind: 'hide',
        reportIds: [noticeId],
        ground: 'law',
        rule: 'Medicines Act, art. 4',
        facts: 'The profile offers prescription medicines for sale without a licence.',
      },
    });
    expect(decided.statusCode, decided.body).toBe(201);
    const decision = decided.json<{ id: string; automated: boolean }>();
    expect(decision.automated).toBe(false);

    // The notifier is told what was decided.
    const told = await mailsOf(app).waitFor(
      (mail) => mail.kind === 'notice-decision' && mail.to === 'rita.notifier@example.test',
    );
    expect(told.subject).toContain(noticeId);
    expect(told.text).toContain('Hello Rita Sousa,');
    expect(told.text).toMatch(/hid the profile/i);
    expect(told.text).toContain('Medicines Act, art. 4');
    expect(told.text).toMatch(/person .* decision|decision .* person/i);

    // The business gets the statement of reasons: what, the facts, the law, not automated, how
    // to appeal.
    const statement = await mailsOf(app).waitFor(
      (mail) => mail.kind === 'moderation-decision' && mail.to === business.email,
    );
    expect(statement.text).toContain('no longer appears in the directory');
    expect(statement.text).toContain(
      'The facts: The profile offers prescription medicines for sale without a licence.',
    );
    expect(statement.text).toContain('Medicines Act, art. 4');
    expect(statement.text).toContain('A person made this decision');
    expect(statement.text).toMatch(/^http:\/\/localhost:3000\/appeal\?token=[\w-]{64}$/m);

    // And the profile is gone for everyone else.
    const profile = await app.inject({ method: 'GET', url: `/api/v1/users/${business.id}` });
    expect(profile.statusCode).toBe(404);
  });
});
