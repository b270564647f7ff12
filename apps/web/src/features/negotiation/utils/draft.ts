import type { NegotiationSettings, NegotiationSettingsBody, Service } from '@maya/contracts';
import type { FieldErrors } from '../../../components/field-errors';
import { amountText, formatMoney, parseAmount } from '../../services';

/** One service's fields as typed: whether Maya may offer it, its floor and its keep-back. */
export interface ServiceDraft {
  offered: boolean;
  floor: string;
  keepBack: string;
}

/** The form's state: the settings as the business is editing them. */
export interface Draft {
  enabled: boolean;
  answerAfterMinutes: number;
  atOnceWhenOffline: boolean;
  counterLimit: number;
  blockedDates: string[];
  /** By service id; a service never ticked has none. */
  services: Record<string, ServiceDraft>;
}

/** The catalog's `t`, as much of it as the checks need. */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A service's fields' keys in the form's errors: `service.<id>.floor` and so on. */
export const serviceField = (id: string, field: keyof ServiceDraft | 'keepBack') =>
  `service.${id}.${field}`;

/** The saved settings as the form starts: a service's amounts written as its price field does. */
export function draftOf(saved: NegotiationSettings): Draft {
  return {
    enabled: saved.enabled && saved.available,
    answerAfterMinutes: saved.answerAfterMinutes,
    atOnceWhenOffline: saved.atOnceWhenOffline,
    counterLimit: saved.counterLimit,
    blockedDates: [...saved.blockedDates].sort(),
    services: Object.fromEntries(
      saved.services.map((limit) => [
        limit.serviceId,
        { offered: true, floor: amountText(limit.floor), keepBack: amountText(limit.keepBack) },
      ]),
    ),
  };
}

/**
 * The body to send, or the field messages that keep it from being sent: each ticked service
 * needs a floor of at least one cent, a keep-back of zero or more, and the two together at most
 * its listed price (its `priceFrom`, where Maya opens). The services go in the list's order, so
 * `order` names which service each of the server's `services.<index>` messages is about.
 */
export function bodyOf(
  draft: Draft,
  services: Service[],
  available: boolean,
  t: Translate,
  language: string,
): { body: NegotiationSettingsBody; order: string[] } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const limits: NegotiationSettingsBody['services'] = [];
  for (const service of services) {
    const typed = draft.services[service.id];
    if (!typed?.offered) continue;
    const floor = parseAmount(typed.floor);
    const keepBack = parseAmount(typed.keepBack);
    const money = (amount: number) => formatMoney(amount, service.currency, language);
    if (floor === undefined) errors[serviceField(service.id, 'floor')] = t('badAmount');
    else if (floor < 1)
      errors[serviceField(service.id, 'floor')] = t('floorTooLow', { min: money(1) });
    if (keepBack === undefined) errors[serviceField(service.id, 'keepBack')] = t('badAmount');
    if (floor === undefined || keepBack === undefined || floor < 1) continue;
    if (floor + keepBack > service.priceFrom) {
      errors[serviceField(service.id, 'floor')] = t('aboveListed', {
        sum: money(floor + keepBack),
        price: money(service.priceFrom),
      });
      continue;
    }
    limits.push({ serviceId: service.id, floor, keepBack });
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      // Without the Pro plan Maya cannot answer: the other choices are kept ready.
      enabled: available && draft.enabled,
      answerAfterMinutes: draft.answerAfterMinutes,
      atOnceWhenOffline: draft.atOnceWhenOffline,
      counterLimit: draft.counterLimit,
      blockedDates: draft.blockedDates,
      services: limits,
    },
    order: limits.map((limit) => limit.serviceId),
  };
}

/**
 * The server's field messages at the form's fields: `services.1.floor` is the floor of the
 * second service sent, `services.1.serviceId` that service's tick; the others keep their names.
 */
export function formErrorsOf(serverErrors: FieldErrors, order: string[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, message] of Object.entries(serverErrors)) {
    const match = /^services\.(\d+)\.(\w+)$/.exec(key);
    const id = match ? order[Number(match[1])] : undefined;
    if (match && id) {
      const field =
        match[2] === 'keepBack' ? 'keepBack' : match[2] === 'floor' ? 'floor' : 'offered';
      errors[serviceField(id, field)] ??= message;
    } else {
      errors[key.split('.')[0]!] ??= message;
    }
  }
  return errors;
}
