import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bayesianRating, RATING_RANKING, REVIEW_RULES } from '@maya/contracts';
import { compareRanked, rankedOf } from '../directory/ranking.js';

const user = (id: string) => ({
  id,
  description: 'Wedding photographer in Lisbon.',
  plan: 'free' as const,
});

/** Two businesses that fit a search equally well, rated differently. */
function order(a: { count: number; average: number }, b: { count: number; average: number }) {
  const match = { tier: 0, complete: true, fit: 4, score: 4 };
  const first = rankedOf({ ...match, user: user('a'), rating: a });
  const second = rankedOf({ ...match, user: user('b'), rating: b });
  return compareRanked(first, second);
}

describe('the rating in the ranking', () => {
  it('ranks one 5★ review below twenty averaging 4.8★', () => {
    expect(bayesianRating(1, 5)).toBeLessThan(bayesianRating(20, 4.8));
    expect(order({ count: 1, average: 5 }, { count: 20, average: 4.8 })).toBeGreaterThan(0);
  });

  it('counts a business with no reviews as the prior mean, above a poorly rated one', () => {
    expect(bayesianRating(0, 0)).toBe(RATING_RANKING.priorMean);
    expect(order({ count: 0, average: 0 }, { count: 10, average: 2 })).toBeLessThan(0);
  });

  it('never lets a better rating pass a better fit', () => {
    const worse = rankedOf({
      tier: 0,
      complete: true,
      fit: 2,
      score: 2,
      user: user('a'),
      rating: { count: 50, average: 5 },
    });
    const better = rankedOf({ tier: 0, complete: true, fit: 4, score: 4, user: user('b') });
    expect(compareRanked(better, worse)).toBeLessThan(0);
  });

  it('states on the "How ranking works" page, in both languages, the constants the code uses', () => {
    for (const language of ['en', 'pt']) {
      const page = JSON.parse(
        readFileSync(
          new URL(`../../../../web/src/lib/i18n/locales/pages/${language}.json`, import.meta.url),
          'utf8',
        ),
      ) as { ranking: { sections: { paragraphs: string[] }[] } };
      const text = page.ranking.sections.flatMap((section) => section.paragraphs).join('\n');
      expect(text).toContain('(C·m + n·ȳ) / (C + n)');
      expect(text.match(/\bC = (\d+(?:[.,]\d+)?)/)?.[1]).toBe(String(RATING_RANKING.priorWeight));
      expect(text.match(/\bm = (\d+(?:[.,]\d+)?)/)?.[1]).toBe(String(RATING_RANKING.priorMean));
      expect(text).toContain(`${REVIEW_RULES.windowDays} `);
    }
  });
});
