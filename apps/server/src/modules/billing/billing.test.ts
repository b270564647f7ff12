import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { plansResponseSchema, privateUserSchema, webhookAckSchema } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { signUp, type SignedUp } from '../../../test/sessions.js';

const secret = `whsec_${randomUUID().replaceAll('-', '')}`;
const { app } = await buildTestApp({
  STRIPE_WEBHOOK_SECRET: secret,
  PAYMENT_LINK_YEARLY: 'https://buy.stripe.example/pro-yearly',
});

function checkoutCompleted(user: SignedUp, overrides: Record<string, unknown> = {}) {
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_${randomUUID().replaceAll('-', '')}`,
        object: 'checkout.session',
        client_reference_id: user.id,
        customer: `cus_${randomUUID().slice(0, 12)}`,
        customer_details: { email: user.email },
        payment_status: 'paid',
        ...overrides,
      },
    },
  };
}

/** Delivers an event the way Stripe does: the JSON body and its Stripe-Signature header. */
function deliver(
  event: object,
  { signWith = secret, timestamp }: { signWith?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: signWith,
        timestamp,
      }),
    },
    payload,
  });
}

async function planOf(user: SignedUp) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/me', headers: user.headers });
  return privateUserSchema.parse(response.json().user ?? response.json()).plan;
}

describe('plans', () => {
  it('lists Free and Pro with the configured prices and payment link', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/plans' });
    expect(response.statusCode).toBe(200);
    const { plans } = plansResponseSchema.parse(response.json());
    expect(plans.map((plan) => plan.id)).toEqual(['free', 'pro']);
    expect(plans[1]).toMatchObject({
      yearlyPrice: 147,
      yearlyPaymentUrl: 'https://buy.stripe.example/pro-yearly',
    });
  });

  it('offers Free and Pro with prices and payment links from the configuration', async () => {
    const configured = await buildTestApp({
      PAYMENT_LINK_YEARLY: 'https://pay.example/pro-yearly',
      PRO_PRICE_MONTHLY: '14',
    });
    const response = await configured.app.inject({ method: 'GET', url: '/api/v1/plans' });
    expect(response.statusCode).toBe(200);
    expect(response.json().plans).toEqual([
      {
        id: 'free',
        name: 'Free',
        currency: 'EUR',
        yearlyPrice: 0,
        monthlyPrice: 0,
        galleryLimit: 12,
        yearlyPaymentUrl: null,
        monthlyPaymentUrl: null,
      },
      {
        id: 'pro',
        name: 'Pro',
        currency: 'EUR',
        yearlyPrice: 147,
        monthlyPrice: 14,
        galleryLimit: 60,
        yearlyPaymentUrl: 'https://pay.example/pro-yearly',
        monthlyPaymentUrl: null,
      },
    ]);
  });
});

describe('payment webhook', () => {
  it('activates Pro once for the paying account, even when the event is delivered twice', async () => {
    const user = await signUp(app);
    const bystander = await signUp(app);
    expect(await planOf(user)).toBe('free');
    const event = checkoutCompleted(user);

    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(webhookAckSchema.parse(first.json()).outcome).toBe('applied');
    expect(await planOf(user)).toBe('pro');

    const again = await deliver(event);
    expect(again.statusCode).toBe(200);
    expect(again.json().outcome).toBe('duplicate');
    expect(await planOf(user)).toBe('pro');
    expect(await planOf(bystander)).toBe('free');
  });

  it('returns the account to Free when its subscription ends, and renews it on a paid invoice', async () => {
    const user = await signUp(app);
    const event = checkoutCompleted(user);
    await deliver(event);
    const customer = event.data.object.customer;
    const ended = {
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { object: 'subscription', customer } },
    };
    expect((await deliver(ended)).json().outcome).toBe('applied');
    expect(await planOf(user)).toBe('free');

    const renewed = { ...ended, id: `evt_${randomUUID()}`, type: 'invoice.paid' };
    expect((await deliver(renewed)).json().outcome).toBe('applied');
    expect(await planOf(user)).toBe('pro');
  });

  it('upgrades a second account paid for by a customer already linked to another, leaving the link', async () => {
    const first = await signUp(app);
    const second = await signUp(app);
    const paid = checkoutCompleted(first);
    await deliver(paid);
    const customer = paid.data.object.customer;
    const again = checkoutCompleted(second, { customer });
    const response = await deliver(again);
    expect(response.statusCode).toBe(200);
    expect(response.json().outcome).toBe('applied');
    expect(await planOf(second)).toBe('pro');

    // The customer's subscription still belongs to the first account.
    const ended = {
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { object: 'subscription', customer } },
    };
    expect((await deliver(ended)).json().outcome).toBe('applied');
    expect(await planOf(first)).toBe('free');
    expect(await planOf(second)).toBe('pro');
  });

  it('finds the account by email when the link carried no account id', async () => {
    const user = await signUp(app);
    const event = checkoutCompleted(user, {
      client_reference_id: null,
      customer_details: { email: user.email.toUpperCase() },
    });
    expect((await deliver(event)).json().outcome).toBe('applied');
    expect(await planOf(user)).toBe('pro');
  });

  it('changes nothing for an unpaid checkout, an unknown account or an event it does not use', async () => {
    const user = await signUp(app);
    const unpaid = checkoutCompleted(user, { payment_status: 'unpaid' });
    expect((await deliver(unpaid)).json().outcome).toBe('ignored');
    const stranger = checkoutCompleted(user, {
      client_reference_id: 'not-an-account',
      customer_details: { email: 'nobody@example.test' },
    });
    expect((await deliver(stranger)).json().outcome).toBe('no-account');
    const other = { id: `evt_${randomUUID()}`, object: 'event', type: 'charge.refunded' };
    expect((await deliver({ ...other, data: { object: {} } })).json().outcome).toBe('ignored');
    expect(await planOf(user)).toBe('free');
  });

  it('refuses an unsigned event', async () => {
    const user = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(checkoutCompleted(user)),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await planOf(user)).toBe('free');
  });

  it('refuses an event signed with another secret', async () => {
    const user = await signUp(app);
    const response = await deliver(checkoutCompleted(user), { signWith: 'whsec_someone_else' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/signature/);
    expect(await planOf(user)).toBe('free');
  });

  it('refuses a tampered event: a valid signature over a different body', async () => {
    const victim = await signUp(app);
    const attacker = await signUp(app);
    const genuine = JSON.stringify(checkoutCompleted(victim));
    const header = Stripe.webhooks.generateTestHeaderString({ payload: genuine, secret });
    const tampered = genuine.replace(victim.id, attacker.id);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: tampered,
    });
    expect(response.statusCode).toBe(400);
    expect(await planOf(attacker)).toBe('free');
  });

  it('refuses a replayed event whose signature is older than the tolerance', async () => {
    const user = await signUp(app);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const response = await deliver(checkoutCompleted(user), { timestamp: tenMinutesAgo });
    expect(response.statusCode).toBe(400);
    expect(await planOf(user)).toBe('free');
  });

  it('refuses a malformed signature header and a body that is not JSON, without a 500', async () => {
    const garbled = await app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=x,v1=' },
      payload: '{}',
    });
    expect(garbled.statusCode).toBe(400);
    const notJson = 'this is not json';
    const signed = await app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: notJson, secret }),
      },
      payload: notJson,
    });
    expect(signed.statusCode).toBe(400);
  });

  it('refuses a signed event whose id or type is not plain text, without a 500', async () => {
    const user = await signUp(app);
    for (const envelope of [
      { id: 'evt_\u0000' },
      { id: 'evt_\ud800' },
      { id: 42 },
      { type: 'invoice.paid\u0000' },
      { type: ['invoice.paid'] },
    ]) {
      const response = await deliver({ ...checkoutCompleted(user), ...envelope });
      expect(response.statusCode, JSON.stringify(envelope)).toBe(400);
      expect(response.json(), JSON.stringify(envelope)).toMatchObject({
        code: 'VALIDATION_FAILED',
        detail: 'The event could not be read.',
      });
    }
    expect(await planOf(user)).toBe('free');
  });

  it('reads a field of a signed event that is not plain text as absent, without a 500', async () => {
    const user = await signUp(app);
    const byId = checkoutCompleted(user, {
      customer: 'cus_\u0000',
      customer_details: { email: 'a\u0000@example.test' },
    });
    expect((await deliver(byId)).json().outcome).toBe('applied');
    expect(await planOf(user)).toBe('pro');

    const other = await signUp(app);
    const unreadable = checkoutCompleted(other, {
      client_reference_id: '\ud800',
      customer: { id: '\u0000' },
      customer_email: '\u0000',
      customer_details: null,
    });
    expect((await deliver(unreadable)).json().outcome).toBe('no-account');
    const invoice = {
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'invoice.paid',
      data: { object: { customer: 'cus_\u0000' } },
    };
    expect((await deliver(invoice)).json().outcome).toBe('ignored');
    expect(await planOf(other)).toBe('free');
  });
});

describe('payment webhook switched off', async () => {
  const { app: unconfigured } = await buildTestApp();
  it('answers 503 when no signing secret is configured', async () => {
    const response = await unconfigured.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(503);
  });
});
