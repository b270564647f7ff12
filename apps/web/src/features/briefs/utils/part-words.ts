import type { Brief, BriefAsked, BriefPriority } from '@maya/contracts';

type Parts = Record<BriefPriority, number>;
type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A price at least this close to the cheapest (its part) is "close to the cheapest". */
const NEAR_CHEAPEST = 0.8;

/**
 * Why an offer ranks where it does, one criterion at a time, in words: the part the comparison
 * gave it (0 to 1: the cheapest comparable price 1, a day from the brief's first day 0.5…) read
 * with the facts it came from. The criterion that matters most comes first; what was not asked
 * (nothing had to be included) says nothing.
 */
export function partWords(
  parts: Parts,
  asked: Pick<BriefAsked, 'offer' | 'rating' | 'distanceKm'>,
  brief: Pick<Brief, 'currency' | 'wanted' | 'priority'>,
  {
    t,
    rating,
    kilometres,
  }: {
    t: Translate;
    rating: (value: number) => string;
    kilometres: (value: number) => string;
  },
): { criterion: BriefPriority; words: string }[] {
  const say: Record<BriefPriority, () => string | null> = {
    price: () => {
      if (!asked.offer || asked.offer.price.currency !== brief.currency || parts.price <= 0) {
        return t('brief.parts.price.otherCurrency');
      }
      if (parts.price >= 1) return t('brief.parts.price.best');
      return t(parts.price >= NEAR_CHEAPEST ? 'brief.parts.price.near' : 'brief.parts.price.far');
    },
    included: () => {
      if (brief.wanted.length === 0) return null;
      if (parts.included >= 1) return t('brief.parts.included.all');
      return t(parts.included > 0 ? 'brief.parts.included.some' : 'brief.parts.included.none');
    },
    date: () => {
      // The part is 1 / (1 + days from the brief's first day).
      const days = parts.date > 0 ? Math.round(1 / parts.date - 1) : null;
      if (days === 0) return t('brief.parts.date.on');
      return days === null ? null : t('brief.parts.date.days', { count: days });
    },
    rating: () =>
      asked.rating && asked.rating.count > 0
        ? t('brief.parts.rating.rated', {
            average: rating(asked.rating.average),
            count: asked.rating.count,
          })
        : t('brief.parts.rating.none'),
    distance: () => {
      if (asked.distanceKm === null) return t('brief.parts.distance.unknown');
      if (parts.distance >= 1) return t('brief.parts.distance.nearest');
      return t('brief.parts.distance.km', { distance: kilometres(asked.distanceKm) });
    },
  };
  // The criteria as the comparison lists them, which is the contract's order.
  const order = Object.keys(parts) as BriefPriority[];
  const ordered = [brief.priority, ...order.filter((criterion) => criterion !== brief.priority)];
  return ordered.flatMap((criterion) => {
    const words = say[criterion]();
    return words ? [{ criterion, words }] : [];
  });
}
