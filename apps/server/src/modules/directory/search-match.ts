import type { MatchField, SearchMatch } from '@maya/contracts';
import type { User } from './directory.repository.js';
import { allowedEdits, editDistance, fold, type SearchTerm } from './search-terms.js';

function tokens(text: string | null | undefined): string[] {
  return fold(text ?? '').match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** How much a word found in each field says about a profile. */
const FIELD_WEIGHT: Record<MatchField, number> = { name: 4, sector: 2, place: 2, description: 1 };
const FIELD_ORDER: MatchField[] = ['name', 'sector', 'place', 'description'];

export interface ExplainedMatch extends SearchMatch {
  /** Orders a page's rows within one tier: better fields, the words themselves over synonyms. */
  score: number;
}

/**
 * Why a profile is in a text search: which searched words it matched and in which fields, the
 * same rules as the index (a word's forms exactly or as a prefix), or within the allowed edits
 * for a profile found by the typo tier; never complete away from the place searched for. Run on
 * the page's rows only.
 */
export function explainMatch(
  user: User,
  terms: SearchTerm[],
  { tier, place, outsidePlace = false }: { tier?: number; place?: string; outsidePlace?: boolean },
): ExplainedMatch {
  const fields: [MatchField, string[]][] = [
    ['name', tokens(`${user.firstName} ${user.lastName}`)],
    ['sector', tokens(user.category?.replaceAll('-', ' '))],
    ['place', tokens(user.address)],
    ['description', tokens(user.description)],
  ];
  const found = new Set<MatchField>();
  const words: string[] = [];
  let score = 0;
  for (const term of terms) {
    const edits = allowedEdits(term.word);
    let best = 0;
    for (const [field, fieldTokens] of fields) {
      let hit = 0;
      for (const token of fieldTokens) {
        for (const alternative of term.alternatives) {
          const matches = alternative.prefix
            ? token.startsWith(alternative.token)
            : token === alternative.token;
          if (matches) hit = Math.max(hit, alternative.own ? 1 : 0.75);
        }
        if (!hit && tier === 4 && editDistance(term.word, token, edits) <= edits) hit = 0.5;
      }
      if (hit) {
        found.add(field);
        best = Math.max(best, hit * FIELD_WEIGHT[field]);
      }
    }
    if (best > 0) words.push(term.word);
    score += best;
  }
  if (place) {
    words.push(place);
    found.add('place');
  }
  return {
    complete: words.length === terms.length + (place ? 1 : 0) && tier !== 3 && !outsidePlace,
    words,
    fields: FIELD_ORDER.filter((field) => found.has(field)),
    // A description that names everything says less about each thing (keyword stuffing).
    score: score - Math.min(1, fields[3]![1].length / 400),
  };
}
