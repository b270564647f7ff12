import type * as StripeLibrary from 'stripe';
import { z } from 'zod';
import { singleLineText } from '@maya/contracts';
import { AppError } from '../../lib/app-error.js';
import type { BillingRepository, PlanChange } from './billing.repository.js';

export interface BillingServiceOptions {
  repository: BillingRepository;
  /** The endpoint's signing secret (whsec_…); without it the webhook is switched off. */
  webhookSecret: string | undefined;
  /** How old a signature may be, in seconds: older events are refused as replays. */
  toleranceSeconds: number;
}

export interface WebhookOutcome {
  received: true;
  /** What the event did: changed a plan, was seen before, or needs nothing from us. */
  outcome: 'applied' | 'duplicate' | 'ignored' | 'no-account';
}

// The signature proves who sent an event, not that every field is text a database can store,
// so a field that is not plain text (U+0000, a broken surrogate, another type) reads as absent.
const text = singleLineText({ trim: false })
  .max(500)
  .nullish()
  .catch(() => undefined);

const customerId = z
  .union([text, z.object({ id: text })])
  .catch(() => undefined)
  .transform((customer) => (typeof customer === 'string' ? customer : (customer?.id ?? undefined)));

const checkoutSession = z.object({
  client_reference_id: text,
  customer: customerId,
  customer_email: text,
  customer_details: z
    .object({ email: text })
    .nullish()
    .catch(() => undefined),
  payment_status: z.string(),
});

/** What every event must carry: an id and a type that can be recorded. */
const eventEnvelope = z.object({
  id: singleLineText({ trim: false }).min(1).max(255),
  type: singleLineText({ trim: false }).min(1).max(255),
  data: z.object({ object: z.unknown() }),
});

const withCustomer = z.object({ customer: customerId });

const uuid = z.uuid();

type VerifiedEvent = { id: string; type: string; data: { object: unknown } };

/** What an event means for a plan, or undefined when it changes none. */
function planChangeOf(event: VerifiedEvent): PlanChange | undefined {
  const base = { eventId: event.id, eventType: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = checkoutSession.safeParse(event.data.object);
      if (!session.success) return undefined;
      const { client_reference_id, customer, customer_email, customer_details, payment_status } =
        session.data;
      if (payment_status !== 'paid' && payment_status !== 'no_payment_required') return undefined;
      return {
        ...base,
        plan: 'pro',
        // Payment links carry the account id as client_reference_id; anything else is not ours.
        userId: uuid.safeParse(client_reference_id).success
          ? (client_reference_id ?? undefined)
          : undefined,
        customerId: customer,
        email: customer_details?.email ?? customer_email ?? undefined,
      };
    }
    case 'invoice.paid': {
      const invoice = withCustomer.safeParse(event.data.object);
      return invoice.success && invoice.data.customer
        ? { ...base, plan: 'pro', customerId: invoice.data.customer }
        : undefined;
    }
    case 'customer.subscription.deleted': {
      const subscription = withCustomer.safeParse(event.data.object);
      return subscription.success && subscription.data.customer
        ? { ...base, plan: 'free', customerId: subscription.data.customer }
        : undefined;
    }
    default:
      return undefined;
  }
}

export function createBillingService({
  repository,
  webhookSecret,
  toleranceSeconds,
}: BillingServiceOptions) {
  // The payment library is loaded on the first event, not at start.
  let library: Promise<typeof StripeLibrary> | undefined;

  async function verify(payload: Buffer, signature: string | undefined): Promise<VerifiedEvent> {
    if (!webhookSecret) {
      throw new AppError('UNAVAILABLE', 'Payments are not configured on this server.');
    }
    if (!signature) {
      throw new AppError('VALIDATION_FAILED', 'The event is not signed.', {
        'stripe-signature': 'Required.',
      });
    }
    library ??= import('stripe');
    const { default: Stripe } = await library;
    let event: unknown;
    try {
      event = await Stripe.webhooks.constructEventAsync(
        payload,
        signature,
        webhookSecret,
        toleranceSeconds,
      );
    } catch {
      // Wrong secret, altered body, malformed header or a timestamp outside the tolerance.
      throw new AppError(
        'VALIDATION_FAILED',
        'The event signature is invalid or too old, so the event was refused.',
        { 'stripe-signature': 'Invalid or expired.' },
      );
    }
    const envelope = eventEnvelope.safeParse(event);
    if (!envelope.success) {
      throw new AppError('VALIDATION_FAILED', 'The event could not be read.');
    }
    return envelope.data;
  }

  return {
    async handleWebhook(payload: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
      const event = await verify(payload, signature);
      const change = planChangeOf(event);
      if (!change) {
        const first = await repository.recordEvent(event.id, event.type);
        return { received: true, outcome: first ? 'ignored' : 'duplicate' };
      }
      return { received: true, outcome: await repository.applyPlanChange(change) };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
