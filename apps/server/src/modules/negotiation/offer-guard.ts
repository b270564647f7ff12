import type { DateWindow, DealMoney } from '@maya/contracts';
import { daysOf, type MayaService } from './strategy.js';

/**
 * The offer service's own check of an offer Maya is about to send, whatever produced it: the
 * strategy decides the numbers, and this refuses anything below the floor + keep-back, for a
 * service the business did not let Maya offer, in another currency or on a blocked day. A second
 * wall, apart from the strategy, so a fault in one is caught by the other.
 */
export type MayaOfferRefusal =
  'unlisted_service' | 'other_currency' | 'below_minimum' | 'above_list' | 'blocked_date';

export interface MayaOfferTerms {
  serviceId: string;
  price: DealMoney;
  when: DateWindow;
}

/** Why the offer may not go out, or null when it may. */
export function refuseMayaOffer(
  offer: MayaOfferTerms,
  settings: { services: readonly MayaService[]; blockedDates: readonly string[] },
): MayaOfferRefusal | null {
  const service = settings.services.find(({ id }) => id === offer.serviceId);
  if (!service) return 'unlisted_service';
  if (offer.price.currency !== service.currency) return 'other_currency';
  if (!Number.isSafeInteger(offer.price.amount)) return 'below_minimum';
  if (offer.price.amount < service.floor + service.keepBack) return 'below_minimum';
  if (offer.price.amount > service.listPrice) return 'above_list';
  if (daysOf(offer.when).some((day) => settings.blockedDates.includes(day))) return 'blocked_date';
  return null;
}

/** Whether Maya may accept a buyer's counter: at or above the floor, listed, on free days. */
export function refuseMayaAccept(
  counter: MayaOfferTerms,
  settings: { services: readonly MayaService[]; blockedDates: readonly string[] },
): MayaOfferRefusal | null {
  const service = settings.services.find(({ id }) => id === counter.serviceId);
  if (!service) return 'unlisted_service';
  if (counter.price.currency !== service.currency) return 'other_currency';
  if (!(counter.price.amount >= service.floor)) return 'below_minimum';
  if (daysOf(counter.when).some((day) => settings.blockedDates.includes(day)))
    return 'blocked_date';
  return null;
}
