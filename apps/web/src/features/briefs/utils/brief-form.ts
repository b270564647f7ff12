import type {
  BriefCandidate,
  BriefDraft,
  BriefPriority,
  briefLimits,
  createBriefBodySchema,
  CreateBriefBody,
  Currency,
} from '@maya/contracts';
import { schemaErrors, type FieldErrors } from '../../../components/field-errors';
import { amountText, parseAmount } from '../../services';

/** The contract's numbers for a brief (`briefLimits`), read from the schemas chunk. */
export type Limits = typeof briefLimits;

/** The brief as its form holds it: the buyer changes any of it before sending. */
export interface BriefFormValues {
  need: string;
  /** Date inputs' values; the last day empty when it is the first. */
  from: string;
  to: string;
  where: string;
  /** As typed, in major units; empty for no budget. */
  budget: string;
  currency: Currency;
  wanted: string[];
  priority: BriefPriority;
  answerWithinHours: number;
  /** The businesses chosen, by id, in the order of the candidates. */
  chosen: string[];
}

/** The fields a message can stand under: the body's paths, as the server names them. */
export type BriefField =
  'need' | 'when.from' | 'when.to' | 'where' | 'budget' | 'wanted' | 'businesses';

/** The form's first values: Maya's reading, with the candidates she proposed chosen. */
export function valuesFromDraft(draft: BriefDraft, limits: Limits): BriefFormValues {
  const from = draft.when?.from ?? '';
  const to = draft.when && draft.when.to !== draft.when.from ? draft.when.to : '';
  return {
    need: draft.need,
    from,
    to,
    where: draft.where ?? '',
    budget: draft.budget ? amountText(draft.budget.amount) : '',
    currency: draft.budget?.currency ?? draft.currency,
    wanted: [],
    priority: 'price',
    answerWithinHours: limits.defaultAnswerWithinHours,
    chosen: chosenOf(draft.candidates, limits),
  };
}

/** The businesses Maya proposed, by id: at most `businessesMax`, never one already asked. */
export function chosenOf(candidates: BriefCandidate[], limits: Limits): string[] {
  return candidates
    .filter((candidate) => candidate.chosen && !candidate.alreadyAsked)
    .slice(0, limits.businessesMax)
    .map((candidate) => candidate.businessId);
}

/** The field a path of the body (the server's, or the schema's) belongs to. */
export function fieldOf(path: string): BriefField | 'form' {
  if (path.startsWith('when.to')) return 'when.to';
  if (path.startsWith('when')) return 'when.from';
  const head = path.split('.')[0];
  const fields: readonly string[] = ['need', 'where', 'budget', 'wanted', 'businesses'];
  return head && fields.includes(head) ? (head as BriefField) : 'form';
}

/** The server's field messages, each under the field it names (the first one per field). */
export function serverFieldErrors(errors: FieldErrors): FieldErrors {
  const mapped: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) mapped[fieldOf(path)] ??= message;
  return mapped;
}

/** The words a check needs, in the reader's language. */
export type Say = (key: BriefField | 'past', values?: Record<string, unknown>) => string;

/**
 * The body to send, or the messages of what must change first: the form's own checks in the
 * reader's words, then the contract's schema, whose every complaint is put under its field.
 * `today` is a date input's value: a window cannot start before it.
 */
export function briefBody(
  values: BriefFormValues,
  clientId: string,
  {
    limits,
    schema,
    candidates,
    today,
    say,
  }: {
    limits: Limits;
    schema: typeof createBriefBodySchema;
    candidates: readonly BriefCandidate[];
    today: string;
    say: Say;
  },
): { body: CreateBriefBody; errors: null } | { body: null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const budget = values.budget.trim() === '' ? null : parseAmount(values.budget);
  if (values.need.trim() === '') errors.need = say('need');
  if (!values.from) errors['when.from'] = say('when.from');
  else if (values.from < today) errors['when.from'] = say('past');
  if (values.to && values.from && values.to < values.from) errors['when.to'] = say('when.to');
  if (values.where.trim() === '') errors.where = say('where');
  if (budget === undefined || budget === 0) errors.budget = say('budget');
  if (
    values.wanted.length > limits.wantedMax ||
    values.wanted.some((item) => item.length > limits.wantedLength)
  ) {
    errors.wanted = say('wanted', { max: limits.wantedMax, length: limits.wantedLength });
  }
  if (values.chosen.length === 0 || values.chosen.length > limits.businessesMax) {
    errors.businesses = say('businesses');
  }
  if (Object.keys(errors).length > 0) return { body: null, errors };
  const serviceOf = new Map(candidates.map((one) => [one.businessId, one.serviceId]));
  const body: CreateBriefBody = {
    clientId,
    need: values.need.trim(),
    when: { from: values.from, to: values.to || values.from },
    where: values.where.trim(),
    budget: budget ? { amount: budget, currency: values.currency } : null,
    wanted: values.wanted,
    priority: values.priority,
    answerWithinHours: values.answerWithinHours as CreateBriefBody['answerWithinHours'],
    businesses: values.chosen.map((businessId) => ({
      businessId,
      serviceId: serviceOf.get(businessId) ?? null,
    })),
  };
  const checked = schema.safeParse(body);
  if (checked.success) return { body, errors: null };
  const failed: FieldErrors = {};
  for (const [path, message] of Object.entries(schemaErrors(checked.error))) {
    const field = fieldOf(path);
    failed[field] ??=
      field === 'form'
        ? message
        : say(field, { max: limits.wantedMax, length: limits.wantedLength });
  }
  return { body: null, errors: failed };
}
