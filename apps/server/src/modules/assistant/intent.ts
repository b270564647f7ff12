import type { Sector } from '@maya/contracts';

/** What a person is looking for, read from their words (English or Portuguese). */
export interface SearchIntent {
  query?: string;
  sector?: Sector;
  place?: string;
  nearMe?: boolean;
  radiusKm?: number;
  budget?: boolean;
  language: 'en' | 'pt';
}

export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replaceAll(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const sectorWords: Record<Sector, string[]> = {
  'influencer-marketing': [
    'influencer',
    'influencers',
    'marketing',
    'instagram',
    'tiktok',
    'youtube',
    'creator',
    'creators',
    'campaign',
    'campaigns',
    'ugc',
    'social media',
    'promote',
    'promotion',
    'launch',
    'influenciador',
    'influenciadores',
    'campanha',
    'campanhas',
    'publicidade',
    'redes sociais',
    'divulgar',
    'divulgacao',
  ],
  hospitality: [
    'hospitality',
    'hotel',
    'hotels',
    'guesthouse',
    'guest house',
    'restaurant',
    'restaurants',
    'catering',
    'venue',
    'venues',
    'event',
    'events',
    'dinner',
    'rooms',
    'room',
    'stay',
    'accommodation',
    'bistro',
    'hotelaria',
    'alojamento',
    'hospedagem',
    'restaurante',
    'restaurantes',
    'evento',
    'eventos',
    'jantar',
    'quarto',
    'quartos',
    'estadia',
  ],
  construction: [
    'construction',
    'builder',
    'builders',
    'build',
    'renovation',
    'renovations',
    'renovate',
    'refit',
    'kitchen',
    'bathroom',
    'roof',
    'roofing',
    'contractor',
    'contractors',
    'carpentry',
    'carpenter',
    'extension',
    'plumber',
    'electrician',
    'insulation',
    'construcao',
    'construtor',
    'obras',
    'obra',
    'remodelacao',
    'renovacao',
    'cozinha',
    'casa de banho',
    'telhado',
    'pedreiro',
    'canalizador',
  ],
  beauty: [
    'beauty',
    'salon',
    'hair',
    'haircut',
    'nails',
    'nail',
    'lashes',
    'makeup',
    'make-up',
    'make up',
    'spa',
    'massage',
    'facial',
    'facials',
    'skin',
    'skincare',
    'bridal',
    'beleza',
    'cabeleireiro',
    'cabelo',
    'unhas',
    'maquilhagem',
    'maquiagem',
    'estetica',
    'manicure',
    'massagem',
    'pele',
  ],
};

const nearMeWords = [
  'near me',
  'nearby',
  'close to me',
  'around me',
  'my area',
  'perto de mim',
  'na minha zona',
  'aqui perto',
  'proximo de mim',
];
const closerWords = ['closer', 'nearer', 'nearest', 'mais perto', 'mais proximo', 'mais proximos'];
const budgetWords = [
  'cheap',
  'cheaper',
  'cheapest',
  'affordable',
  'budget',
  'low cost',
  'inexpensive',
  'barato',
  'mais barato',
  'baratos',
  'economico',
  'acessivel',
  'em conta',
];
const portugueseWords = [
  'preciso',
  'quero',
  'procuro',
  'perto',
  'obrigad',
  'ola',
  'para',
  'uma',
  'um ',
  'mais',
  'em vez',
  'que',
  'onde',
  'barato',
  'casa',
];
const stopWords = new Set(
  (
    "a an the and or of for to in on at by with from me my i im i'm we our you your is are be can could would " +
    'need needs want wants looking look find search show some someone somebody something any who which that this ' +
    'please help recommend recommendation good best great near close closer instead also too really very just ' +
    'do does there here one ones more less like get got hi hello thanks thank want' +
    ' um uma o a os as de do da dos das e ou para por com em no na nos nas me meu minha eu nos preciso quero ' +
    'procuro alguem algum alguma mais perto vez obrigado obrigada ola bom boa melhor favor que se'
  ).split(/\s+/),
);

function containsPhrase(text: string, phrase: string): boolean {
  return new RegExp(
    `(^|[^a-z0-9])${phrase.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9])`,
  ).test(text);
}

/** Reads one message. `places` are the towns sellers are in, so "in Porto" is understood. */
export function readMessage(
  text: string,
  places: string[],
): Omit<SearchIntent, 'language'> & { closer?: boolean; language?: 'pt' } {
  const plain = normalize(text);
  const intent: ReturnType<typeof readMessage> = {};
  let sectorHits = 0;
  const used = new Set<string>();
  for (const [sector, words] of Object.entries(sectorWords) as [Sector, string[]][]) {
    const hits = words.filter((word) => containsPhrase(plain, word));
    if (hits.length > sectorHits) {
      sectorHits = hits.length;
      intent.sector = sector;
    }
    for (const hit of hits) hit.split(' ').forEach((word) => used.add(word));
  }
  for (const place of places) {
    if (containsPhrase(plain, normalize(place))) {
      intent.place = place;
      normalize(place)
        .split(/\s+/)
        .forEach((word) => used.add(word));
    }
  }
  if (nearMeWords.some((phrase) => containsPhrase(plain, phrase))) intent.nearMe = true;
  if (closerWords.some((phrase) => containsPhrase(plain, phrase))) intent.closer = true;
  if (budgetWords.some((phrase) => containsPhrase(plain, phrase))) intent.budget = true;
  for (const phrase of [...nearMeWords, ...closerWords, ...budgetWords])
    phrase.split(' ').forEach((word) => used.add(word));
  if (portugueseWords.filter((word) => plain.includes(word)).length >= 2) intent.language = 'pt';

  const radius = plain.match(/(\d{1,3})\s?km/);
  if (radius) intent.radiusKm = Math.min(500, Math.max(1, Number(radius[1])));

  const words = (plain.match(/[a-z0-9]+/g) ?? []).filter(
    (word) => word.length > 2 && !stopWords.has(word) && !used.has(word) && !/^\d+$/.test(word),
  );
  if (words.length > 0) intent.query = words.slice(0, 6).join(' ');
  return intent;
}

/**
 * The intent of a whole conversation: later messages refine earlier ones, so "closer",
 * "in Porto instead" and "something cheaper" keep what was asked before and change one thing.
 */
export function readConversation(userMessages: string[], places: string[]): SearchIntent {
  const intent: SearchIntent = { language: 'en' };
  userMessages.forEach((text, index) => {
    const message = readMessage(text, places);
    const latest = index === userMessages.length - 1;
    // Maya answers in the language of the newest message.
    if (latest) intent.language = message.language ?? 'en';
    if (message.sector) intent.sector = message.sector;
    if (message.place) {
      intent.place = message.place;
      intent.nearMe = false;
    }
    if (message.nearMe) {
      intent.nearMe = true;
      intent.place = undefined;
    }
    if (message.radiusKm) intent.radiusKm = message.radiusKm;
    if (message.closer) intent.radiusKm = Math.max(2, Math.round((intent.radiusKm ?? 50) / 3));
    if (message.budget) intent.budget = true;
    // A new topic replaces the words; a pure follow-up ("closer") keeps them.
    if (message.query || message.sector) intent.query = message.query;
  });
  return intent;
}
