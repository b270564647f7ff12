import type {
  Deal,
  DealMessage,
  Message,
  MessageDeal,
  OfferVersion,
  PlacesAnswer,
  PlansResponse,
  PublicProfile,
  SentQuoteRequest,
} from '@maya/contracts';

/** Answers of the API the web tests share, typed with the contract's types. */

/** A business with everything a profile can show. */
export const sellerProfile: PublicProfile = {
  id: '01900000-0000-7000-8000-0000000000a1',
  role: 'seller',
  fullName: 'Bright Reach Studio',
  firstName: 'Bright Reach',
  lastName: 'Studio',
  imageUrl: '/uploads/bright.webp',
  thumbnailUrl: '/uploads/bright-thumb.webp',
  description: 'Kitchen and bathroom renovations with a fixed quote',
  category: 'construction',
  location: { address: 'Rua Augusta 1, Lisbon, Portugal', lat: 38.71, lng: -9.14 },
  email: 'studio@example.test',
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Free, and Pro at 147 a year or 14 a month, with no payment pages configured. */
export const plans: PlansResponse = {
  plans: [
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
      yearlyPaymentUrl: null,
      monthlyPaymentUrl: null,
    },
  ],
};

/** The gazetteer's answer to "lisb": Lisbon, Portugal, then Lisburn. */
export const lisbPlaces: PlacesAnswer = {
  items: [
    {
      id: 2267057,
      name: 'Lisbon',
      country: 'PT',
      lat: 38.71667,
      lng: -9.13333,
      label: 'Lisbon, Portugal',
    },
    {
      id: 2643736,
      name: 'Lisburn',
      country: 'GB',
      admin: 'Northern Ireland',
      lat: 54.52337,
      lng: -6.03527,
      label: 'Lisburn, Northern Ireland, United Kingdom',
    },
  ],
};

/**
 * A deal between `buyer` and `business` with nothing agreed, delivered or cancelled yet and no
 * move to take, with `fields` over it: its ids, state and request at least.
 */
export function dealBetween(
  buyer: { id: string; fullName: string },
  business: { id: string; fullName: string },
  fields: Pick<Deal, 'id' | 'chatId' | 'status' | 'request' | 'createdAt'> & Partial<Deal>,
): Deal {
  return {
    buyerId: buyer.id,
    businessId: business.id,
    buyer: { id: buyer.id, name: buyer.fullName, deleted: false },
    business: { id: business.id, name: business.fullName, deleted: false },
    serviceId: null,
    serviceName: null,
    versions: [],
    accepted: null,
    delivery: null,
    problem: null,
    cancellation: null,
    actions: [],
    updatedAt: fields.createdAt,
    ...fields,
  };
}

/** A deal's move as its chat message: no words, the event, and the terms it names if any. */
export function moveMessage({
  dealId,
  event,
  terms = null,
  ...message
}: Pick<Message, 'id' | 'chatId' | 'senderId' | 'clientId' | 'createdAt'> & {
  dealId: string;
  event: MessageDeal['event'];
  terms?: MessageDeal['terms'];
}): DealMessage {
  return { ...message, body: '', deal: { dealId, event, terms, serviceName: null } };
}

const DAY_MS = 86_400_000;

/**
 * A quote request sent a minute ago and the business's first offer answering it, for one day in
 * 2030, with `need` and the offer's `title` and `included` as given.
 */
export function requestAndOffer({
  need,
  where,
  budget,
  title,
  included,
}: {
  need: string;
  where: string;
  budget: number;
  title: string;
  included: string;
}): { sentAt: string; request: SentQuoteRequest; version: OfferVersion } {
  const sentAt = new Date(Date.now() - 60_000).toISOString();
  const when = { from: '2030-06-01', to: '2030-06-01' };
  return {
    sentAt,
    request: {
      serviceId: null,
      need,
      when,
      where,
      budget: { amount: budget, currency: 'EUR' },
      sentAt,
      expiresAt: new Date(Date.now() + 14 * DAY_MS).toISOString(),
    },
    version: {
      number: 1,
      by: 'business',
      terms: { title, price: { amount: 85_000, currency: 'EUR' }, included, when },
      sentAt,
      validUntil: new Date(Date.now() + 7 * DAY_MS).toISOString(),
    },
  };
}
