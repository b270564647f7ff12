import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { dealsPageSchema, type DealTab } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import {
  agreedDeal,
  dealAsSeenBy,
  dealMove,
  dealParties,
  offerTerms,
  quoteRequest,
  startDeal,
  taken,
} from '../../../test/deals.js';
import {
  bearer,
  deleteAccount,
  exportOf,
  signIn,
  signUp,
  type SignedUp,
} from '../../../test/sessions.js';

const { app } = await buildTestApp();

const DAY_MS = 86_400_000;

async function dealsOf(user: SignedUp, query = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/deals${query}`,
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return dealsPageSchema.parse(response.json());
}

async function summary(user: SignedUp | null, dealId: string, language = 'en', as = '') {
  return app.inject({
    method: 'GET',
    url: `/api/v1/deals/${dealId}/summary${as}`,
    headers: { ...(user?.headers ?? {}), 'accept-language': language },
  });
}

/**
 * The lines a PDF draws, in order: its content streams inflated, and the hex strings of their
 * text operators read in the standard fonts' encoding (WinAnsi, Latin-1 in its printable range).
 */
function pdfLines(bytes: Buffer): string[] {
  const lines: string[] = [];
  const text = bytes.toString('latin1');
  for (const found of text.matchAll(/stream\r?\n/g)) {
    const start = found.index + found[0].length;
    const end = text.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(bytes.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)) {
      const chars = Buffer.from(hex!, 'hex');
      lines.push(chars.toString('latin1').replaceAll('\x80', '€'));
    }
  }
  return lines;
}

describe('GET /deals?tab=', () => {
  it('lists each deal under the tab of its state as it is now, and every one without a tab', async () => {
    const { buyer, business } = await dealParties(app);
    const negotiating = (
      await taken(startDeal(app, buyer, business.id, { type: 'request', request: quoteRequest() }))
    ).deal.id;
    const upcoming = (await agreedDeal(app, buyer, business)).dealId;
    const delivered = (await agreedDeal(app, buyer, business)).dealId;
    await taken(dealMove(app, business, delivered, { type: 'deliver' }));
    const problem = (await agreedDeal(app, buyer, business)).dealId;
    await taken(dealMove(app, business, problem, { type: 'deliver' }));
    await taken(dealMove(app, buyer, problem, { type: 'report_problem', reason: 'Late.' }));
    const confirmed = (await agreedDeal(app, buyer, business)).dealId;
    await taken(dealMove(app, business, confirmed, { type: 'deliver' }));
    await taken(dealMove(app, buyer, confirmed, { type: 'confirm' }));
    const cancelled = (await agreedDeal(app, buyer, business)).dealId;
    await taken(dealMove(app, buyer, cancelled, { type: 'cancel', reason: 'Plans changed.' }));
    const declined = (
      await taken(startDeal(app, buyer, business.id, { type: 'request', request: quoteRequest() }))
    ).deal.id;
    await taken(dealMove(app, buyer, declined, { type: 'decline' }));

    const ids = async (user: SignedUp, tab: DealTab) =>
      (await dealsOf(user, `?tab=${tab}`)).items.map((deal) => deal.id);
    for (const user of [buyer, business]) {
      expect(await ids(user, 'negotiating')).toEqual([negotiating]);
      expect(await ids(user, 'upcoming')).toEqual([upcoming]);
      expect(await ids(user, 'delivered')).toEqual([problem, delivered]);
      expect(await ids(user, 'completed')).toEqual([confirmed]);
      expect(await ids(user, 'cancelled')).toEqual([cancelled]);
    }
    // Without a tab, the route answers as it always did: everything, most recently moved first.
    const all = (await dealsOf(buyer)).items.map((deal) => deal.id);
    expect(all).toEqual([
      declined,
      cancelled,
      confirmed,
      problem,
      delivered,
      upcoming,
      negotiating,
    ]);

    // Seven days after delivery the deal completes by itself: it moves tab with no job run. (A
    // session idle that long has ended: the buyer signs in again.)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7 * DAY_MS + 60_000 });
    try {
      const login = await signIn(app, buyer.email, buyer.password);
      expect(login.statusCode, login.body).toBe(200);
      const again = { ...buyer, headers: bearer(login.json<{ token: string }>().token) };
      expect(await ids(again, 'delivered')).toEqual([problem]);
      // Still in the order they last moved: the clock's move is read, not written.
      expect(await ids(again, 'completed')).toEqual([confirmed, delivered]);
      // The request lapses after 14 days: after 7 it is still open.
      expect(await ids(again, 'negotiating')).toEqual([negotiating]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('pages a tab by its cursor, past the deals of other tabs, repeating none', async () => {
    const { buyer, business } = await dealParties(app);
    const upcoming: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      upcoming.unshift((await agreedDeal(app, buyer, business)).dealId);
      await taken(startDeal(app, buyer, business.id, { type: 'request', request: quoteRequest() }));
    }
    const first = await dealsOf(buyer, '?tab=upcoming&limit=2');
    expect(first.items.map((deal) => deal.id)).toEqual(upcoming.slice(0, 2));
    const second = await dealsOf(
      buyer,
      `?tab=upcoming&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(second).toMatchObject({ nextCursor: null });
    expect(second.items.map((deal) => deal.id)).toEqual(upcoming.slice(2));
  });

  it('refuses a tab that is none', async () => {
    const { buyer } = await dealParties(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/deals?tab=archived',
      headers: buyer.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('a deal as its people see it', () => {
  it('names both people and the service', async () => {
    const { buyer, business } = await dealParties(app);
    const { dealId } = await agreedDeal(app, buyer, business);
    const deal = await dealAsSeenBy(app, business, dealId);
    expect(deal).toMatchObject({
      buyer: { id: buyer.id, name: 'Bea Lopes', deleted: false },
      business: { id: business.id, name: 'Sol Studio', deleted: false },
      serviceName: null,
    });
  });
});

describe('a deal’s summary', () => {
  it('is a page with both people, the service, the date and the price with VAT said once, labelled not an invoice in both languages', async () => {
    const { buyer, business } = await dealParties(app);
    const { dealId } = await agreedDeal(app, buyer, business);
    const english = await summary(buyer, dealId);
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(english.headers['cache-control']).toBe('private, no-store');
    const page = english.body;
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<title>Deal summary · Maya Market</title>');
    expect(page).toContain('Not an invoice · <span lang="pt-PT">Não é uma fatura</span>');
    for (const text of [
      '<dt>Business</dt><dd>Sol Studio</dd>',
      '<dt>Client</dt><dd>Bea Lopes</dd>',
      '<dt>Service</dt><dd>Wedding photography, 6 hours</dd>',
      '<dt>Included</dt><dd>Ceremony and party, 300 edited photos.</dd>',
      '<dt>Date</dt><dd>1 Jun 2030</dd>',
      '<p class="price">€850.00</p>',
      `<dt>Reference</dt><dd>${dealId}</dd>`,
      '@media print',
    ]) {
      expect(page).toContain(text);
    }
    expect(page.match(/VAT included/g)).toHaveLength(1);
    expect(page).not.toContain('<script');

    const portuguese = await summary(business, dealId, 'pt-PT');
    expect(portuguese.body).toContain('<html lang="pt-PT">');
    expect(portuguese.body).toContain('Não é uma fatura · <span lang="en">Not an invoice</span>');
    expect(portuguese.body).toContain('<p class="price">850,00\u00a0€</p>');
    expect(portuguese.body).toContain('Total, IVA incluído.');
  });

  it('is a PDF too, with the same words, in the reader’s language, labelled not an invoice', async () => {
    const { buyer, business } = await dealParties(app);
    const { dealId } = await agreedDeal(app, buyer, business);
    const english = await summary(buyer, dealId, 'en', '.pdf');
    expect(english.statusCode, english.body).toBe(200);
    expect(english.headers['content-type']).toBe('application/pdf');
    expect(english.headers['cache-control']).toBe('private, no-store');
    expect(english.headers['content-disposition']).toBe(
      `attachment; filename="maya-deal-${dealId}.pdf"`,
    );
    expect(english.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const document = await PDFDocument.load(english.rawPayload);
    expect(document.getPageCount()).toBe(1);
    expect(document.getTitle()).toBe('Deal summary · Maya Market');
    const lines = pdfLines(english.rawPayload);
    for (const line of [
      'Deal summary',
      'NOT AN INVOICE · NÃO É UMA FATURA',
      'Business',
      'Sol Studio',
      'Bea Lopes',
      'Wedding photography, 6 hours',
      '1 Jun 2030',
      '€850.00',
      'Total, VAT included.',
      dealId,
    ]) {
      expect(lines, line).toContain(line);
    }

    const portuguese = await summary(business, dealId, 'pt-PT', '.pdf');
    const portugueseLines = pdfLines(portuguese.rawPayload);
    expect(portugueseLines).toContain('NÃO É UMA FATURA · NOT AN INVOICE');
    expect(portugueseLines).toContain('850,00\u00a0€');
    expect(portugueseLines).toContain('Total, IVA incluído.');

    // The same people as the page: nobody else, and not before an offer is accepted.
    const stranger = await signUp(app, { role: 'buyer', category: null });
    expect((await summary(stranger, dealId, 'en', '.pdf')).statusCode).toBe(404);
    expect((await summary(null, dealId, 'en', '.pdf')).statusCode).toBe(401);
  });

  it('opens only for the two people, across a block too; a negotiation has none', async () => {
    const { buyer, business } = await dealParties(app);
    const { dealId } = await agreedDeal(app, buyer, business);
    const stranger = await signUp(app, { role: 'buyer', category: null });
    expect((await summary(stranger, dealId)).statusCode).toBe(404);
    expect((await summary(null, dealId)).statusCode).toBe(401);

    const blocked = await app.inject({
      method: 'PUT',
      url: `/api/v1/me/blocks/${business.id}`,
      headers: buyer.headers,
    });
    expect(blocked.statusCode).toBe(200);
    expect((await summary(buyer, dealId)).statusCode).toBe(200);
    expect((await summary(business, dealId)).statusCode).toBe(200);

    const other = await signUp(app, { role: 'buyer', category: null });
    const negotiation = await taken(
      startDeal(app, business, other.id, { type: 'offer', terms: offerTerms() }),
    );
    const none = await summary(other, negotiation.deal.id);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({
      code: 'NOT_FOUND',
      detail: 'This deal has no summary yet: it has one once an offer is accepted.',
    });
  });
});

describe('a party’s data export and account deletion', () => {
  it('export the requests, every version and the deals; a deletion ends what was open and leaves a former member', async () => {
    const { buyer, business } = await dealParties(app);
    await app.inject({
      method: 'PATCH',
      url: '/api/v1/me/notifications',
      headers: business.headers,
      payload: { language: 'pt-PT' },
    });
    const upcoming = (await agreedDeal(app, buyer, business)).dealId;
    const requested = await taken(
      startDeal(app, buyer, business.id, { type: 'request', request: quoteRequest() }),
    );
    const open = requested.deal.id;
    await taken(dealMove(app, business, open, { type: 'offer', terms: offerTerms() }));
    await taken(
      dealMove(app, buyer, open, {
        type: 'counter',
        version: 1,
        terms: offerTerms({ price: { amount: 70_000, currency: 'EUR' } }),
      }),
    );

    const data = await exportOf(app, buyer);
    expect(data.deals.map((deal) => deal.id)).toEqual([upcoming, open]);
    expect(data.deals[1]).toMatchObject({
      status: 'countered',
      request: { need: quoteRequest().need, where: 'Sintra' },
      versions: [
        { number: 1, by: 'business', terms: { price: { amount: 85_000 } } },
        { number: 2, by: 'buyer', terms: { price: { amount: 70_000 } } },
      ],
    });
    // The chats' copy of the moves carries them too.
    expect(data.chats[0]!.messages.filter((message) => message.deal)).toHaveLength(6);

    await deleteAccount(app, buyer);

    const seen = await dealsOf(business);
    expect(seen.items.map((deal) => [deal.id, deal.status, deal.buyer.deleted])).toEqual([
      [open, 'declined', true],
      [upcoming, 'cancelled', true],
    ]);
    const cancelled = seen.items[1]!;
    expect(cancelled.cancellation).toMatchObject({
      by: 'buyer',
      reason: 'Este membro apagou a sua conta.',
    });
    expect(cancelled.actions).toEqual([]);
    // Its summary names the client as a former member.
    const page = await summary(business, upcoming);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<dt>Client</dt><dd>Former member</dd>');
    expect(page.body).not.toContain('Bea');
  });

  it('leaves a delivered deal to complete by itself', async () => {
    const { buyer, business } = await dealParties(app);
    const { dealId } = await agreedDeal(app, buyer, business);
    await taken(dealMove(app, business, dealId, { type: 'deliver' }));
    await deleteAccount(app, business);
    const deal = await dealAsSeenBy(app, buyer, dealId);
    expect(deal).toMatchObject({ status: 'delivered', business: { deleted: true } });
    expect(deal.actions.map((action) => action.type)).toEqual(['confirm', 'report_problem']);
  });
});
