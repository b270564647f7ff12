import { createHmac, randomUUID } from 'node:crypto';

/** The payment provider's webhook signing secret in browser runs (STRIPE_WEBHOOK_SECRET). */
export const PAYMENTS_SECRET = `whsec_e2e${randomUUID().replaceAll('-', '')}`;

export function paymentsEnv(): Record<string, string> {
  return { STRIPE_WEBHOOK_SECRET: PAYMENTS_SECRET };
}

/**
 * Pays for Pro as the payment provider reports it: a signed `checkout.session.completed` for the
 * account, delivered to the server's webhook (Stripe's signature scheme: an HMAC-SHA256 of
 * `<timestamp>.<body>` with the endpoint's secret).
 */
export async function payForPro(baseUrl: string, account: { id: string; email: string }) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_${randomUUID().replaceAll('-', '')}`,
        object: 'checkout.session',
        client_reference_id: account.id,
        customer: `cus_${randomUUID().slice(0, 12)}`,
        customer_details: { email: account.email },
        payment_status: 'paid',
      },
    },
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', PAYMENTS_SECRET)
    .update(`${timestamp}.${payload}`)
    .digest('hex');
  // The provider delivers the same event again when the server was busy (503), as Stripe retries
  // a failed delivery; the server takes an event once whatever the number of deliveries.
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${baseUrl}/api/v1/billing/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': `t=${timestamp},v1=${signature}`,
      },
      body: payload,
    });
    if (response.ok) return (await response.json()) as { outcome: string };
    if (response.status !== 503 || attempt === 6) {
      throw new Error(`the payment webhook answered ${response.status} (delivery ${attempt})`);
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    const waitS = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 1;
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(waitS, 0.2), 2) * 1000));
  }
}
