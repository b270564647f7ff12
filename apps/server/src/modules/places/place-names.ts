import { z } from 'zod';
import { fold } from './fold.js';
import data from '../../lib/lexicon/words/place-names.json' with { type: 'json' };

const placeNamesSchema = z.object({
  places: z.array(
    z.strictObject({
      pt: z.string().min(1),
      en: z.string().min(1).optional(),
      also: z.array(z.string().min(1)).optional(),
    }),
  ),
});

interface NamedPlace {
  en: string;
  pt: string;
}

/** Every name and spelling of a listed place (folded) → the place: checked when the module loads. */
const byName = new Map<string, NamedPlace>();
for (const entry of placeNamesSchema.parse(data).places) {
  const place: NamedPlace = { en: entry.en ?? entry.pt, pt: entry.pt };
  for (const name of [entry.pt, entry.en, ...(entry.also ?? [])]) {
    if (!name) continue;
    const key = fold(name);
    const other = byName.get(key);
    if (other && other !== place) throw new Error(`place-names.json: "${name}" names two places`);
    byName.set(key, place);
  }
}

/**
 * A place's name in a language: "Lisboa" → "Lisbon" in English, "Lisbon" → "Lisboa" in
 * Portuguese, "Sevilla" → "Seville" / "Sevilha". A place the list does not hold keeps the name
 * given.
 */
export function placeName(name: string, language: 'en' | 'pt'): string {
  const place = byName.get(fold(name));
  return place ? place[language] : name;
}
