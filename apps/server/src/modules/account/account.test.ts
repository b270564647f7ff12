import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { multipart } from '../../../test/multipart.js';
import { signUp } from '../../../test/sessions.js';

const { app } = await buildTestApp({
  PAYMENT_LINK_YEARLY: 'https://pay.example/pro-yearly',
  PRO_PRICE_MONTHLY: '14',
});

describe('my data', () => {
  it('exports the account, uploads, gallery, chats and messages as a download', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const seller = await signUp(app, { role: 'seller' });
    const image = await sharp({
      create: { width: 20, height: 20, channels: 3, background: '#888' },
    })
      .png()
      .toBuffer();
    const body = multipart([{ name: 'photo.png', data: image }]);
    await app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...body.headers, ...buyer.headers },
      payload: body.payload,
    });
    const chat = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/chats',
        headers: buyer.headers,
        payload: { partnerId: seller.id },
      })
    ).json().chat;
    await app.inject({
      method: 'POST',
      url: `/api/v1/chats/${chat.id}/messages`,
      headers: buyer.headers,
      payload: { body: 'Hi there', clientId: randomUUID() },
    });

    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/me/export',
      headers: buyer.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="maya-market-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json();
    expect(data.account).toMatchObject({ id: buyer.id, email: buyer.email });
    expect(data.uploads).toHaveLength(1);
    expect(data.chats).toEqual([
      expect.objectContaining({
        id: chat.id,
        messages: [expect.objectContaining({ body: 'Hi there', senderId: buyer.id })],
      }),
    ]);
    expect(JSON.stringify(data)).not.toContain('passwordHash');

    expect((await app.inject({ method: 'GET', url: '/api/v1/me/export' })).statusCode).toBe(401);
  });

  it("keeps the partner's history after an account is deleted, with the author shown as deleted", async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const seller = await signUp(app, { role: 'seller' });
    const chat = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/chats',
        headers: buyer.headers,
        payload: { partnerId: seller.id },
      })
    ).json().chat;
    await app.inject({
      method: 'POST',
      url: `/api/v1/chats/${chat.id}/messages`,
      headers: buyer.headers,
      payload: { body: 'Before I go', clientId: randomUUID() },
    });
    await app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: buyer.headers,
      payload: { password: buyer.password },
    });

    const list = (
      await app.inject({ method: 'GET', url: '/api/v1/chats', headers: seller.headers })
    ).json();
    expect(list.items[0]).toMatchObject({
      partner: { id: buyer.id, fullName: 'Deleted user', deleted: true, thumbnailUrl: null },
    });
    const messages = (
      await app.inject({
        method: 'GET',
        url: `/api/v1/chats/${chat.id}/messages`,
        headers: seller.headers,
      })
    ).json();
    expect(messages.items.map((item: { body: string }) => item.body)).toEqual(['Before I go']);
  });
});

describe('plans', () => {
  it('offers Free and Pro with prices and payment links from the configuration', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/plans' });
    expect(response.statusCode).toBe(200);
    expect(response.json().plans).toEqual([
      {
        id: 'free',
        name: 'Free',
        currency: 'EUR',
        yearlyPrice: 0,
        monthlyPrice: 0,
        yearlyPaymentUrl: null,
        monthlyPaymentUrl: null,
      },
      {
        id: 'pro',
        name: 'Pro',
        currency: 'EUR',
        yearlyPrice: 147,
        monthlyPrice: 14,
        yearlyPaymentUrl: 'https://pay.example/pro-yearly',
        monthlyPaymentUrl: null,
      },
    ]);
  });
});
