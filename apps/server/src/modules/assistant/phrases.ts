import type { MatchField, Sector } from '@maya/contracts';
import type { Language } from './language.js';
import { normalize } from './text.js';
import { SECTOR_NOUNS, type Noun } from './vocabulary.js';

/**
 * Every sentence Maya writes, in English and Portuguese (written to read well in Portugal and in
 * Brazil). Nothing here decides anything: it only words what the dialogue and the tools decided.
 */

/** Portuguese places that take an article: "no Porto", "na Amadora"; the rest take "em". */
const ARTICLES: Record<string, 'o' | 'a' | 'os' | 'as'> = {
  porto: 'o',
  algarve: 'o',
  rio: 'o',
  'rio de janeiro': 'o',
  recife: 'o',
  funchal: 'o',
  barreiro: 'o',
  montijo: 'o',
  seixal: 'o',
  estoril: 'o',
  cartaxo: 'o',
  entroncamento: 'o',
  minho: 'o',
  alentejo: 'o',
  douro: 'o',
  chiado: 'o',
  'bairro alto': 'o',
  'cais do sodre': 'o',
  'parque das nacoes': 'o',
  'principe real': 'o',
  leblon: 'o',
  flamengo: 'o',
  pelourinho: 'o',
  parana: 'o',
  ceara: 'o',
  'rio grande do sul': 'o',
  'espirito santo': 'o',
  amazonas: 'o',
  maranhao: 'o',
  'distrito federal': 'o',
  amadora: 'a',
  'figueira da foz': 'a',
  covilha: 'a',
  guarda: 'a',
  maia: 'a',
  'povoa de varzim': 'a',
  madeira: 'a',
  nazare: 'a',
  ericeira: 'a',
  baixa: 'a',
  lousa: 'a',
  graca: 'a',
  lapa: 'a',
  mouraria: 'a',
  'costa da caparica': 'a',
  trofa: 'a',
  golega: 'a',
  'marinha grande': 'a',
  batalha: 'a',
  azambuja: 'a',
  moita: 'a',
  horta: 'a',
  lourinha: 'a',
  mealhada: 'a',
  'foz do douro': 'a',
  bahia: 'a',
  paraiba: 'a',
  'barra da tijuca': 'a',
  tijuca: 'a',
  mooca: 'a',
  'vila madalena': 'a',
  acores: 'os',
  olivais: 'os',
  'caldas da rainha': 'as',
};

const articleOf = (place: string) => ARTICLES[normalize(place)];

/** "in Porto" / "no Porto", "em Lisboa", "na Amadora". */
export function inPlace(place: string, language: Language): string {
  if (language === 'en') return `in ${place}`;
  const article = articleOf(place);
  return article ? `n${article} ${place}` : `em ${place}`;
}

/** "of Porto" / "do Porto", "de Lisboa", "da Amadora". */
export function ofPlace(place: string, language: Language): string {
  if (language === 'en') return `of ${place}`;
  const article = articleOf(place);
  return article ? `d${article} ${place}` : `de ${place}`;
}

/** How a place is shown: as sellers write it when only accents and case differ, else as typed. */
export function displayPlace(typed: string, known?: string): string {
  if (known && normalize(known) === normalize(typed)) return known;
  return titleCase(typed);
}

/** "rio de janeiro" → "Rio de Janeiro", "hotel miramar" → "Hotel Miramar". */
export function titleCase(typed: string): string {
  const small = new Set(['de', 'da', 'do', 'das', 'dos', 'del', 'la', 'e', 'y', 'of', 'the']);
  return typed
    .trim()
    .split(/\s+/)
    .map((word, index) =>
      index > 0 && small.has(word.toLowerCase())
        ? word.toLowerCase()
        : word.length <= 2 && word === word.toLowerCase()
          ? word.toUpperCase() // "sp" → "SP", "bh" → "BH"
          : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ');
}

export const quote = (text: string) => `“${text}”`;

export function list(items: string[], language: Language): string {
  if (items.length <= 1) return items.join('');
  const and = language === 'pt' ? ' e ' : ' and ';
  return `${items.slice(0, -1).join(', ')}${and}${items.at(-1)}`;
}

/** "1 plumber", "2 plumbers", "1 vendedor", "2 vendedores". */
export function count(n: number, noun: Noun): string {
  return `${n} ${n === 1 ? noun[0] : noun[1]}`;
}

/** "a plumber", "an electrician", "um canalizador", "uma manicure". */
export function aNoun(noun: Noun, language: Language): string {
  if (language === 'pt') return `${noun[2] === 'f' ? 'uma' : 'um'} ${noun[0]}`;
  return `${/^[aeio]/i.test(noun[0]) ? 'an' : 'a'} ${noun[0]}`;
}

/** Kilometres as people read them: "0.8 km", "12 km"; "0,8 km" in Portuguese. */
export function km(distance: number, language: Language): string {
  const rounded = distance < 10 ? Math.round(distance * 10) / 10 : Math.round(distance);
  const text = String(rounded);
  return `${language === 'pt' ? text.replace('.', ',') : text} km`;
}

export function sectorNoun(sector: Sector | null | undefined, language: Language): Noun {
  return SECTOR_NOUNS[sector ?? 'none'][language];
}

/** The words a search was for: a trade's name, a business's name, or the words typed. */
export interface Subject {
  noun?: Noun;
  /** A business asked for by name: "Hotel Miramar". */
  name?: string;
  words?: string;
}

/** "the centre of Porto", "you", or nothing: what distances are measured from. */
export interface Origin {
  place?: string;
  /** Searched around the place ("near Estoril"), not in it. */
  around?: boolean;
  nearMe?: boolean;
}

function where(origin: Origin, language: Language): string {
  if (origin.place && origin.around) {
    return language === 'pt'
      ? ` perto ${ofPlace(origin.place, language)}`
      : ` near ${origin.place}`;
  }
  if (origin.place) return ` ${inPlace(origin.place, language)}`;
  if (origin.nearMe) return language === 'pt' ? ' perto da sua localização' : ' near you';
  return '';
}

export function foundSentence(
  subject: Subject,
  origin: Origin,
  found: { shown: number; total?: number; capped?: boolean; names: string[] },
  language: Language,
): string {
  const all = Math.max(found.total ?? found.shown, found.shown);
  const noun = subject.noun ?? SECTOR_NOUNS.none[language];
  const amount =
    found.capped && all > found.shown
      ? `${language === 'pt' ? 'mais de' : 'more than'} ${count(all, noun)}`
      : count(all, noun);
  const forWords =
    !subject.noun && subject.words
      ? ` ${language === 'pt' ? 'para' : 'for'} ${quote(subject.words)}`
      : '';
  const named = subject.name ? ` ${language === 'pt' ? 'para' : 'for'} ${quote(subject.name)}` : '';
  const head = `${language === 'pt' ? 'Encontrei' : 'I found'} ${amount}${named || forWords}${where(origin, language)}`;
  const names = list(found.names.slice(0, 3), language);
  if (all > found.shown) {
    return language === 'pt'
      ? `${head}. Aqui estão ${found.shown}, a começar por ${names}.`
      : `${head}. Here are ${found.shown}, starting with ${names}.`;
  }
  if (found.names.length <= 3) return `${head}: ${names}.`;
  const among = noun[2] === 'f' ? 'entre elas' : 'entre eles';
  return language === 'pt' ? `${head}, ${among} ${names}.` : `${head}, including ${names}.`;
}

export function noneSentence(subject: Subject, origin: Origin, language: Language): string {
  const place = where(origin, language);
  if (language === 'pt') {
    const what = subject.name
      ? quote(subject.name)
      : subject.noun
        ? `${subject.noun[2] === 'f' ? 'nenhuma' : 'nenhum'} ${subject.noun[0]}`
        : subject.words
          ? `ninguém para ${quote(subject.words)}`
          : 'nenhum vendedor';
    return `Não encontrei ${what}${place}.`;
  }
  const what = subject.name
    ? quote(subject.name)
    : subject.noun
      ? aNoun(subject.noun, language)
      : subject.words
        ? `anyone for ${quote(subject.words)}`
        : 'any seller';
  return `I couldn't find ${what}${place}.`;
}

export type AlternativeKind = 'partial' | 'same-sector-here' | 'elsewhere';

export function alternativesSentence(
  kinds: AlternativeKind[],
  subject: Subject,
  origin: Origin,
  sector: Sector | null | undefined,
  language: Language,
): string {
  const pt = language === 'pt';
  const plural = subject.noun
    ? subject.noun[1]
    : subject.words
      ? pt
        ? `vendedores para ${quote(subject.words)}`
        : `sellers for ${quote(subject.words)}`
      : sectorNoun(sector, language)[1];
  const parts = kinds.map((kind) => {
    if (kind === 'partial') {
      return pt
        ? 'vendedores que correspondem só a parte do pedido'
        : 'sellers that match only part of what you asked';
    }
    if (kind === 'same-sector-here') {
      const noun = sectorNoun(sector, language);
      const other = pt ? (noun[2] === 'f' ? 'outras' : 'outros') : 'other';
      return `${other} ${noun[1]}${where(origin, language)}`;
    }
    if (origin.place) {
      return pt
        ? `${plural} fora ${ofPlace(origin.place, language)}, do mais perto para o mais longe`
        : `${plural} outside ${origin.place}, nearest first`;
    }
    if (origin.nearMe) {
      return pt
        ? `${plural} mais longe, do mais perto para o mais longe`
        : `${plural} further away, nearest first`;
    }
    return pt ? `${plural} noutros locais` : `${plural} in other places`;
  });
  return pt
    ? `Deixo algumas alternativas: ${list(parts, language)}.`
    : `Here are some alternatives instead: ${list(parts, language)}.`;
}

export const sentences = {
  tryOther: {
    en: 'Try other words or another place.',
    pt: 'Experimente outras palavras ou outro local.',
  },
  openCard: {
    en: 'Open a card to see the profile, then use Chat Now to ask for a quote.',
    pt: 'Abra um cartão para ver o perfil e fale com eles no chat para pedir um orçamento.',
  },
  noPrices: {
    en: "Prices aren't listed on profiles, so ask a few of them for a quote and compare.",
    pt: 'Os preços não estão nos perfis: peça orçamentos a alguns para comparar.',
  },
  locationUnknown: {
    en: 'To search near you, sign in and save your location on your account page.',
    pt: 'Para procurar perto de si, inicie sessão e guarde a sua localização na página da conta.',
  },
  greeting: {
    en: "Hi! I'm Maya. Tell me what you need and where, for example “a hair salon in Porto”.",
    pt: 'Olá! Sou a Maya. Diga-me o que procura e onde, por exemplo “um cabeleireiro no Porto”.',
  },
  wellbeing: {
    en: "I'm well, thank you! Tell me what you need and where, and I'll look for it.",
    pt: 'Tudo bem, obrigada! Diga-me o que procura e onde, e eu procuro.',
  },
  thanks: {
    en: "You're welcome! Tell me if you need anything else.",
    pt: 'De nada! Se precisar de mais alguma coisa, é só dizer.',
  },
  bye: {
    en: 'Bye! Come back whenever you need a business.',
    pt: 'Até breve! Volte sempre que precisar.',
  },
  capabilities: {
    en: 'I find businesses on Maya Market for you. Tell me what you need and where, like “a plumber in Porto” or “a cheap hotel in Lisbon”; then I can look for cheaper or closer ones, try another place, or tell you more about one of them.',
    pt: 'Encontro negócios no Maya Market para si. Diga-me o que precisa e onde, como “um canalizador no Porto” ou “um hotel barato em Lisboa”; depois posso procurar opções mais baratas ou mais perto, mudar de local ou contar-lhe mais sobre uma delas.',
  },
  laugh: {
    en: "Glad you're enjoying it! Tell me what you need and where, and I'll look for it.",
    pt: 'Ainda bem! Diga-me o que procura e onde, e eu procuro.',
  },
  nonsense: {
    en: "I didn't understand that. Tell me what you need and where, for example “a hair salon in Porto”.",
    pt: 'Não entendi. Diga-me o que procura e onde, por exemplo “um cabeleireiro no Porto”.',
  },
  vague: {
    en: 'Happy to help! What are you looking for, and where? For example “a plumber in Porto” or “a cheap hotel in Lisbon”.',
    pt: 'Claro! O que procura, e onde? Por exemplo “um canalizador no Porto” ou “um hotel barato em Lisboa”.',
  },
  whichSeller: {
    en: 'Which seller do you mean? Ask me for some first, for example “a plumber in Porto”.',
    pt: 'Que vendedor quer dizer? Peça-me primeiro algumas sugestões, por exemplo “um canalizador no Porto”.',
  },
  whichOne: {
    en: 'Which one? Say “the first one”, “the second one” or its name.',
    pt: 'Qual deles? Diga “o primeiro”, “o segundo” ou o nome.',
  },
  sellerGone: {
    en: "I couldn't find that seller; it may no longer be on Maya Market.",
    pt: 'Não encontrei esse vendedor; pode já não estar no Maya Market.',
  },
  sellerCard: {
    en: 'The card shows what they do: open the profile for photos, or chat with them to ask for a quote.',
    pt: 'O cartão mostra o que fazem: abra o perfil para ver fotos ou fale com eles no chat para pedir um orçamento.',
  },
} satisfies Record<string, Record<Language, string>>;

export function vagueInPlace(place: string, language: Language): string {
  return language === 'pt'
    ? `Que tipo de negócio procura ${inPlace(place, language)}? Por exemplo um hotel, um cabeleireiro ou uma empresa de obras.`
    : `What kind of business are you looking for ${inPlace(place, language)}? For example a hotel, a hair salon or a builder.`;
}

export function onlyCards(n: number, language: Language): string {
  return language === 'pt'
    ? `A minha última resposta só tinha ${count(n, SECTOR_NOUNS.none.pt)}. Qual deles quer dizer?`
    : `My last answer had only ${count(n, SECTOR_NOUNS.none.en)}. Which one do you mean?`;
}

export function budgetSentence(level: 'low' | 'high', ranked: boolean, language: Language): string {
  if (!ranked) return sentences.noPrices[language];
  const how =
    language === 'pt'
      ? level === 'low'
        ? 'acessíveis ou económicos'
        : 'premium ou de luxo'
      : level === 'low'
        ? 'affordable or budget'
        : 'premium or luxury';
  return language === 'pt'
    ? `Aparecem primeiro os que se descrevem como ${how}. ${sentences.noPrices.pt}`
    : `Those that describe themselves as ${how} come first. ${sentences.noPrices.en}`;
}

export function closestSentence(origin: Origin, language: Language): string | undefined {
  if (origin.place) {
    return language === 'pt'
      ? `Estão ordenados do mais perto para o mais longe do centro ${ofPlace(origin.place, language)}.`
      : `They are in order of distance from the centre of ${origin.place}, nearest first.`;
  }
  if (origin.nearMe) {
    return language === 'pt'
      ? 'Estão ordenados do mais perto para o mais longe da sua localização.'
      : 'They are in order of distance from you, nearest first.';
  }
  return undefined;
}

export function mentionsSentence(words: string, found: number, language: Language): string {
  if (found > 0) {
    return language === 'pt'
      ? `Aparecem primeiro os que mencionam ${quote(words)}.`
      : `Those that mention ${quote(words)} come first.`;
  }
  return language === 'pt'
    ? `Nenhum menciona ${quote(words)}, por isso não sei dizer qual fica mais perto.`
    : `None of them mentions ${quote(words)}, so I can't tell which is closest to it.`;
}

export function sellerSentence(
  seller: { name: string; sector: Sector | null; city: string | null },
  language: Language,
): string {
  const what = aNoun(sectorNoun(seller.sector, language), language);
  const place = seller.city ? ` ${inPlace(seller.city, language)}` : '';
  return language === 'pt'
    ? `${seller.name} é ${what}${place}. ${sentences.sellerCard.pt}`
    : `${seller.name} is ${what}${place}. ${sentences.sellerCard.en}`;
}

// ---- A card's "why", in the asker's language ----

const FIELDS: Record<MatchField, Record<Language, string>> = {
  name: { en: 'the name', pt: 'no nome' },
  sector: { en: 'the sector', pt: 'no setor' },
  place: { en: 'the location', pt: 'na localização' },
  description: { en: 'the description', pt: 'na descrição' },
};

export function matchReason(
  words: string[],
  fields: MatchField[],
  language: Language,
  only = false,
): string {
  const quoted = list(words.map(quote), language);
  const where = fields.map((field) => FIELDS[field][language]);
  if (language === 'pt') {
    return `corresponde ${only ? 'só ' : ''}a ${quoted}${where.length ? ` ${list(where, language)}` : ''}`;
  }
  return `matches ${only ? 'only ' : ''}${quoted}${where.length ? ` in ${list(where, language)}` : ''}`;
}

export function distanceReason(distance: number, origin: Origin, language: Language): string {
  const amount = km(distance, language);
  if (origin.place) {
    return language === 'pt'
      ? `a ${amount} do centro ${ofPlace(origin.place, language)}`
      : `${amount} from the centre of ${origin.place}`;
  }
  if (origin.nearMe) {
    return language === 'pt' ? `a ${amount} da sua localização` : `${amount} from you`;
  }
  return language === 'pt' ? `a ${amount}` : `${amount} away`;
}

export const reasons = {
  listed: { en: 'listed in the directory', pt: 'está no diretório' },
  askedFor: { en: 'the seller you asked about', pt: 'o vendedor que pediu' },
  alternative: { en: 'Alternative', pt: 'Alternativa' },
  cheap: { en: 'describes itself as affordable', pt: 'descreve-se como acessível' },
  premium: { en: 'describes itself as premium', pt: 'descreve-se como premium' },
} satisfies Record<string, Record<Language, string>>;

export function sectorReason(sector: Sector, language: Language, other = false): string {
  const noun = sectorNoun(sector, language);
  if (!other) return noun[0];
  return language === 'pt' ? `outr${noun[2] === 'f' ? 'a' : 'o'} ${noun[0]}` : `another ${noun[0]}`;
}

export function mentionsReason(words: string, language: Language): string {
  return language === 'pt' ? `menciona ${quote(words)}` : `mentions ${quote(words)}`;
}

export function outsideSentence(names: string[], origin: Origin, language: Language): string {
  const where = origin.place
    ? language === 'pt'
      ? `fora ${ofPlace(origin.place, language)}`
      : `outside ${origin.place}`
    : language === 'pt'
      ? 'um pouco mais longe'
      : 'a little further away';
  return language === 'pt'
    ? `Perto, ${where}: ${list(names, language)}.`
    : `Close by, ${where}: ${list(names, language)}.`;
}

export const sortNeedsPlace: Record<Language, string> = {
  en: 'To sort by distance I need a place: tell me where.',
  pt: 'Para ordenar por distância preciso de um local: diga-me onde.',
};
