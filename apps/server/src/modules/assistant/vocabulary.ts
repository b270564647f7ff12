import type { Sector } from '@maya/contracts';
import type { Language } from './language.js';
import { normalize } from './text.js';

/** A noun as Maya writes it: singular, plural and, in Portuguese, its gender. */
export type Noun = readonly [singular: string, plural: string, gender?: 'm' | 'f'];

/**
 * A trade people ask for. Its nouns name it in answers ("I couldn't find a plumber in Faro");
 * nouns and cues (words of a need: "leak", "fuga") tell the sector. Trades with no sector are
 * still named, so "a dentist in Porto" is answered plainly instead of with the wrong sector.
 */
export interface Trade {
  sector: Sector | null;
  /** The sector's everyday business ("a beauty salon", "a builder"): any seller of it fits. */
  generic?: true;
  /** Trades it covers, by their first English noun: their sellers fit it too. */
  includes?: string[];
  en: Noun[];
  pt: Noun[];
  cues?: { en?: string[]; pt?: string[]; both?: string[] };
}

const construction = 'construction';
const hospitality = 'hospitality';
const beauty = 'beauty';
const marketing = 'influencer-marketing';

export const TRADES: Trade[] = [
  // Construction and repairs
  {
    sector: construction,
    en: [['plumber', 'plumbers']],
    pt: [
      ['canalizador', 'canalizadores', 'm'],
      ['encanador', 'encanadores', 'm'],
    ],
    cues: {
      en: [
        'plumbing',
        'leak',
        'leaking',
        'leaks',
        'boiler',
        'blocked drain',
        'drain',
        'tap',
        'toilet',
        'water heater',
        'heater',
        'hot water',
        'pipe',
        'pipes',
      ],
      pt: [
        'canalização',
        'canalizações',
        'fuga',
        'fugas',
        'esquentador',
        'esquentadores',
        'desentupimento',
        'desentupimentos',
        'desentupir',
        'desentupidora',
        'torneira',
        'torneiras',
        'autoclismo',
        'vazamento',
        'vazamentos',
        'cano',
        'canos',
        'hidráulica',
        'hidráulico',
        'entupido',
        'entupida',
        'entupiu',
        'caldeira',
      ],
      both: ['fontanero', 'fontanería', 'lampista', 'lampistería'],
    },
  },
  {
    sector: construction,
    en: [['electrician', 'electricians']],
    pt: [['eletricista', 'eletricistas', 'm']],
    cues: {
      en: ['electrical', 'wiring', 'fuse box', 'sockets'],
      pt: [
        'eletricidade',
        'elétrica',
        'elétricas',
        'elétrico',
        'elétricos',
        'quadro elétrico',
        'disjuntor',
        'disjuntores',
        'tomadas',
        'electricista',
        'luz',
        'curto-circuito',
      ],
      both: ['electricidad', 'eléctrica', 'eléctricas', 'eléctrico', 'instalaciones eléctricas'],
    },
  },
  {
    sector: construction,
    en: [
      ['painter', 'painters'],
      ['decorator', 'decorators'],
    ],
    pt: [['pintor', 'pintores', 'm']],
    cues: {
      en: ['painting', 'paint', 'fresh coat', 'repaint', 'decorating'],
      pt: ['pintura', 'pinturas', 'pintar'],
      both: ['pintores'],
    },
  },
  {
    sector: construction,
    en: [['roofer', 'roofers']],
    pt: [['telhadista', 'telhadistas', 'm']],
    cues: {
      en: ['roof', 'roofs', 'roofing', 'gutter', 'gutters', 'drips', 'dripping', 'rains', 'rain'],
      pt: [
        'telhado',
        'telhados',
        'telha',
        'telhas',
        'calha',
        'calhas',
        'caleira',
        'caleiras',
        'cobertura',
        'coberturas',
        'infiltração',
        'infiltrações',
        'goteira',
        'goteiras',
        'impermeabilização',
        'chove',
        'chuva',
      ],
      both: ['tejado', 'tejados'],
    },
  },
  {
    sector: construction,
    en: [['tiler', 'tilers']],
    pt: [
      ['ladrilhador', 'ladrilhadores', 'm'],
      ['azulejador', 'azulejadores', 'm'],
    ],
    cues: {
      en: ['tiles', 'tiling', 'tile', 'tiled'],
      pt: ['azulejo', 'azulejos', 'ladrilho', 'ladrilhos', 'porcelanato', 'mosaico', 'pavimentos'],
      both: ['alicatador'],
    },
  },
  {
    sector: construction,
    generic: true,
    en: [
      ['builder', 'builders'],
      ['contractor', 'contractors'],
      ['construction company', 'construction companies'],
    ],
    pt: [
      ['construtor', 'construtores', 'm'],
      ['construtora', 'construtoras', 'f'],
      ['empreiteiro', 'empreiteiros', 'm'],
      ['pedreiro', 'pedreiros', 'm'],
    ],
    cues: {
      en: [
        'building',
        'renovation',
        'renovations',
        'renovate',
        'refurbish',
        'refit',
        'extension',
        'bathroom',
        'kitchen',
        'house',
        'villa',
        'flat',
        'walls',
        'wall',
      ],
      pt: [
        'obras',
        'obra',
        'remodelação',
        'remodelações',
        'remodelar',
        'reforma',
        'reformas',
        'reformar',
        'renovação',
        'casa de banho',
        'banheiro',
        'cozinha',
        'construção',
        'construir',
        'parede',
        'paredes',
        'apartamento',
        'apê',
        'moradia',
      ],
      both: ['albañil', 'construcción'],
    },
  },
  {
    sector: construction,
    en: [
      ['carpenter', 'carpenters'],
      ['joiner', 'joiners'],
    ],
    pt: [
      ['carpinteiro', 'carpinteiros', 'm'],
      ['marceneiro', 'marceneiros', 'm'],
    ],
    cues: { en: ['carpentry', 'woodwork'], pt: ['carpintaria', 'marcenaria', 'moveis'] },
  },
  {
    sector: construction,
    en: [
      ['locksmith', 'locksmiths'],
      ['metalworker', 'metalworkers'],
    ],
    pt: [['serralheiro', 'serralheiros', 'm']],
    cues: {
      en: ['gate', 'gates', 'railings', 'locks', 'lock', 'locked out', 'keys'],
      pt: [
        'serralharia',
        'serralheria',
        'portão',
        'portões',
        'grades',
        'fechadura',
        'fechaduras',
        'chaves',
        'trancado',
        'trancada',
      ],
      both: ['cerrajero'],
    },
  },
  {
    sector: construction,
    en: [['air conditioning installer', 'air conditioning installers']],
    pt: [['técnico de ar condicionado', 'técnicos de ar condicionado', 'm']],
    cues: {
      en: ['air conditioning', 'aircon', 'heat pump', 'hvac'],
      pt: ['ar condicionado', 'climatizacao', 'bomba de calor'],
    },
  },
  {
    sector: construction,
    en: [['handyman', 'handymen']],
    pt: [
      ['faz-tudo', 'faz-tudo', 'm'],
      ['marido de aluguel', 'maridos de aluguel', 'm'],
    ],
    cues: {
      en: ['odd jobs', 'repairs', 'fix'],
      pt: ['reparacoes', 'reparos', 'arranjos', 'consertar', 'conserto'],
    },
  },
  {
    sector: construction,
    en: [['pool builder', 'pool builders']],
    pt: [['construtor de piscinas', 'construtores de piscinas', 'm']],
    cues: { en: ['pool', 'swimming pool'], pt: ['piscina', 'piscinas'] },
  },
  // Hospitality
  {
    sector: hospitality,
    en: [
      ['hotel', 'hotels'],
      ['resort', 'resorts'],
    ],
    pt: [
      ['hotel', 'hotéis', 'm'],
      ['resort', 'resorts', 'm'],
    ],
    cues: { en: ['suites', 'room service'], pt: ['suítes'], both: ['habitaciones'] },
  },
  {
    // Somewhere to sleep, whatever kind: hotels, hostels and guesthouses all fit.
    sector: hospitality,
    includes: ['hotel', 'hostel'],
    en: [
      ['place to stay', 'places to stay'],
      ['accommodation', 'accommodation'],
    ],
    pt: [
      ['alojamento', 'alojamentos', 'm'],
      ['hospedagem', 'hospedagens', 'f'],
    ],
    cues: {
      en: ['room', 'rooms', 'stay', 'bed', 'beds', 'night', 'nights', 'sleep', 'somewhere to stay'],
      pt: ['quarto', 'quartos', 'estadia', 'dormir', 'noite', 'noites', 'hospedar'],
    },
  },
  {
    sector: hospitality,
    en: [
      ['hostel', 'hostels'],
      ['guesthouse', 'guesthouses'],
      ['guest house', 'guest houses'],
      ['inn', 'inns'],
    ],
    pt: [
      ['hostel', 'hostels', 'm'],
      ['pousada', 'pousadas', 'f'],
      ['pensão', 'pensões', 'f'],
      ['casa de hóspedes', 'casas de hóspedes', 'f'],
      ['hostal', 'hostales', 'm'],
    ],
    cues: {
      en: ['backpackers', 'dorm', 'dorms'],
      pt: ['dormitório', 'dormitórios', 'camaratas'],
      both: ['albergue'],
    },
  },
  {
    sector: hospitality,
    en: [
      ['restaurant', 'restaurants'],
      ['bistro', 'bistros'],
      ['tapas bar', 'tapas bars'],
    ],
    pt: [
      ['restaurante', 'restaurantes', 'm'],
      ['tasca', 'tascas', 'f'],
      ['boteco', 'botecos', 'm'],
      ['churrascaria', 'churrascarias', 'f'],
    ],
    cues: {
      en: ['eat', 'food', 'lunch', 'dinner', 'meal', 'cuisine', 'dish'],
      pt: [
        'comer',
        'comida',
        'almoço',
        'almoçar',
        'jantar',
        'refeição',
        'refeições',
        'petiscos',
        'prato',
        'pratos',
        'cozinha típica',
      ],
      both: ['tapas', 'menu', 'taberna', 'cocina'],
    },
  },
  {
    sector: hospitality,
    en: [
      ['caterer', 'caterers'],
      ['catering company', 'catering companies'],
    ],
    pt: [
      ['empresa de catering', 'empresas de catering', 'f'],
      ['bufê', 'bufês', 'm'],
      ['buffet', 'buffets', 'm'],
    ],
    cues: { both: ['catering', 'buffet'] },
  },
  {
    sector: hospitality,
    en: [
      ['wedding venue', 'wedding venues'],
      ['venue', 'venues'],
      ['event space', 'event spaces'],
    ],
    pt: [
      ['espaço para eventos', 'espaços para eventos', 'm'],
      ['quinta para casamentos', 'quintas para casamentos', 'f'],
      ['salão de festas', 'salões de festas', 'm'],
    ],
    cues: {
      en: ['wedding', 'weddings', 'party', 'event', 'events', 'reception', 'married'],
      pt: [
        'casamento',
        'casamentos',
        'festa',
        'festas',
        'evento',
        'eventos',
        'casar',
        'aniversário',
        'quinta',
        'batizado',
      ],
      both: ['boda', 'bodas', 'masía'],
    },
  },
  // Beauty
  {
    sector: beauty,
    en: [
      ['hairdresser', 'hairdressers'],
      ['hair salon', 'hair salons'],
      ['hairstylist', 'hairstylists'],
    ],
    pt: [
      ['cabeleireiro', 'cabeleireiros', 'm'],
      ['cabeleireira', 'cabeleireiras', 'f'],
      ['salão de cabeleireiro', 'salões de cabeleireiro', 'm'],
    ],
    cues: {
      en: ['hair', 'haircut', 'curls', 'curly', 'colour', 'color', 'blow dry'],
      pt: ['cabelo', 'cabelos', 'corte', 'cachos', 'madeixas', 'escova', 'coloração', 'alisamento'],
      both: ['balayage', 'peluquería', 'peluquero', 'peluquera'],
    },
  },
  {
    sector: beauty,
    en: [
      ['barber', 'barbers'],
      ['barbershop', 'barbershops'],
      ['barber shop', 'barber shops'],
    ],
    pt: [
      ['barbeiro', 'barbeiros', 'm'],
      ['barbearia', 'barbearias', 'f'],
    ],
    cues: {
      en: ['beard', 'shave', 'fade', "men's haircut", 'mens haircut', 'haircut for men'],
      pt: [
        'barba',
        'barbear',
        'barbas',
        'corte masculino',
        'cabelo de homem',
        'corte de homem',
        'corte de cabelo de homem',
        'cabelo masculino',
      ],
      both: ['barbería', 'barbero'],
    },
  },
  {
    sector: beauty,
    en: [
      ['nail salon', 'nail salons'],
      ['manicurist', 'manicurists'],
      ['nail technician', 'nail technicians'],
    ],
    pt: [
      ['manicure', 'manicures', 'f'],
      ['manicura', 'manicuras', 'f'],
      ['nail bar', 'nail bars', 'm'],
    ],
    cues: {
      en: ['nails', 'nail', 'gel nails'],
      pt: ['unhas', 'unha', 'gelinho', 'verniz', 'esmalte'],
      both: ['manicure', 'pedicure', 'uñas'],
    },
  },
  {
    sector: beauty,
    en: [
      ['lash studio', 'lash studios'],
      ['lash technician', 'lash technicians'],
    ],
    pt: [
      ['estúdio de pestanas', 'estúdios de pestanas', 'm'],
      ['estúdio de cílios', 'estúdios de cílios', 'm'],
      ['lash designer', 'lash designers', 'f'],
    ],
    cues: {
      en: ['lashes', 'lash', 'eyelashes', 'brows', 'eyebrows', 'lash lift', 'lash extensions'],
      pt: [
        'pestanas',
        'cílios',
        'sobrancelha',
        'sobrancelhas',
        'extensão de cílios',
        'extensão de pestanas',
        'extensões de pestanas',
      ],
      both: ['pestañas'],
    },
  },
  {
    sector: beauty,
    en: [
      ['makeup artist', 'makeup artists'],
      ['make-up artist', 'make-up artists'],
    ],
    pt: [
      ['maquilhadora', 'maquilhadoras', 'f'],
      ['maquiadora', 'maquiadoras', 'f'],
      ['maquiador', 'maquiadores', 'm'],
    ],
    cues: {
      en: ['makeup', 'make-up', 'make up', 'bridal makeup'],
      pt: ['maquilhagem', 'maquiagem', 'noivas'],
      both: ['maquillaje', 'maquilladora'],
    },
  },
  {
    sector: beauty,
    en: [
      ['spa', 'spas'],
      ['massage therapist', 'massage therapists'],
    ],
    pt: [
      ['spa', 'spas', 'm'],
      ['massagista', 'massagistas', 'f'],
    ],
    cues: {
      en: ['massage', 'massages', 'wellness', 'relax'],
      pt: ['massagem', 'massagens', 'bem-estar', 'relaxar'],
      both: ['masaje', 'masajes'],
    },
  },
  {
    sector: beauty,
    generic: true,
    en: [
      ['beautician', 'beauticians'],
      ['beauty salon', 'beauty salons'],
      ['salon', 'salons'],
    ],
    pt: [
      ['esteticista', 'esteticistas', 'f'],
      ['salão de beleza', 'salões de beleza', 'm'],
      ['centro de estética', 'centros de estética', 'm'],
      ['salão', 'salões', 'm'],
    ],
    cues: {
      en: ['facial', 'facials', 'skin', 'skincare', 'waxing', 'beauty treatment'],
      pt: ['estetica', 'depilacao', 'limpeza de pele', 'pele', 'tratamento facial'],
    },
  },
  {
    sector: beauty,
    en: [['braider', 'braiders']],
    pt: [['trancista', 'trancistas', 'f']],
    cues: { en: ['braids', 'braiding'], pt: ['trancas', 'box braids'] },
  },
  // Micro-influencer marketing and content
  {
    sector: marketing,
    en: [
      ['influencer', 'influencers'],
      ['influencer agency', 'influencer agencies'],
      ['creator', 'creators'],
    ],
    pt: [
      ['influenciador', 'influenciadores', 'm'],
      ['influenciadora', 'influenciadoras', 'f'],
      ['agência de influenciadores', 'agências de influenciadores', 'f'],
      ['criador de conteúdo', 'criadores de conteúdo', 'm'],
    ],
    cues: {
      en: [
        'influencer marketing',
        'campaign',
        'campaigns',
        'promote',
        'promotion',
        'launch',
        'brand',
        'instagram',
        'tiktok',
        'youtube',
        'followers',
      ],
      pt: [
        'campanha',
        'campanhas',
        'divulgar',
        'divulgacao',
        'promover',
        'lancamento',
        'marca',
        'publicidade',
        'seguidores',
        'influencers',
      ],
    },
  },
  {
    sector: marketing,
    en: [['ugc creator', 'ugc creators']],
    pt: [['criador de ugc', 'criadores de ugc', 'm']],
    cues: { both: ['ugc'] },
  },
  {
    sector: marketing,
    en: [
      ['social media manager', 'social media managers'],
      ['marketing agency', 'marketing agencies'],
    ],
    pt: [
      ['gestor de redes sociais', 'gestores de redes sociais', 'm'],
      ['social media', 'social media', 'm'],
      ['agência de marketing', 'agências de marketing', 'f'],
    ],
    cues: {
      en: ['social media', 'posts', 'content'],
      pt: ['redes sociais', 'conteudo', 'marketing digital'],
    },
  },
  {
    sector: marketing,
    en: [
      ['photographer', 'photographers'],
      ['videographer', 'videographers'],
    ],
    pt: [
      ['fotógrafo', 'fotógrafos', 'm'],
      ['fotógrafa', 'fotógrafas', 'f'],
      ['videomaker', 'videomakers', 'm'],
    ],
    cues: {
      en: ['photos', 'photo', 'photography', 'shoot', 'film', 'filming', 'aerial'],
      pt: ['fotos', 'foto', 'fotografia', 'fotografias', 'vídeo', 'vídeos', 'filmagem', 'filmar'],
      both: ['video', 'videos', 'drone'],
    },
  },
  // Trades no sector here covers: named, so the answer can say plainly that nobody offers them.
  { sector: null, en: [['dentist', 'dentists']], pt: [['dentista', 'dentistas', 'm']] },
  {
    sector: null,
    en: [
      ['vet', 'vets'],
      ['veterinarian', 'veterinarians'],
    ],
    pt: [['veterinário', 'veterinários', 'm']],
  },
  { sector: null, en: [['doctor', 'doctors']], pt: [['médico', 'médicos', 'm']] },
  { sector: null, en: [['lawyer', 'lawyers']], pt: [['advogado', 'advogados', 'm']] },
  {
    sector: null,
    en: [['accountant', 'accountants']],
    pt: [
      ['contabilista', 'contabilistas', 'm'],
      ['contador', 'contadores', 'm'],
    ],
  },
  { sector: null, en: [['mechanic', 'mechanics']], pt: [['mecânico', 'mecânicos', 'm']] },
  {
    sector: null,
    en: [['dog groomer', 'dog groomers']],
    pt: [['tosquiador', 'tosquiadores', 'm']],
    cues: { pt: ['banho e tosa'] },
  },
  {
    sector: null,
    en: [['dog walker', 'dog walkers']],
    pt: [
      ['passeador de cães', 'passeadores de cães', 'm'],
      ['passeador de cachorro', 'passeadores de cachorro', 'm'],
    ],
  },
  { sector: null, en: [['gardener', 'gardeners']], pt: [['jardineiro', 'jardineiros', 'm']] },
  {
    sector: null,
    en: [['cleaner', 'cleaners']],
    pt: [
      ['empregada de limpeza', 'empregadas de limpeza', 'f'],
      ['diarista', 'diaristas', 'f'],
    ],
  },
  {
    sector: null,
    en: [
      ['removal company', 'removal companies'],
      ['mover', 'movers'],
    ],
    pt: [['empresa de mudanças', 'empresas de mudanças', 'f']],
  },
  {
    sector: null,
    en: [['tattoo artist', 'tattoo artists']],
    pt: [['tatuador', 'tatuadores', 'm']],
  },
  {
    sector: null,
    en: [
      ['web designer', 'web designers'],
      ['web developer', 'web developers'],
    ],
    pt: [['web designer', 'web designers', 'm']],
    cues: { en: ['website'] },
  },
  {
    sector: null,
    en: [
      ['teacher', 'teachers'],
      ['tutor', 'tutors'],
    ],
    pt: [
      ['professor', 'professores', 'm'],
      ['explicador', 'explicadores', 'm'],
    ],
    cues: { en: ['lessons', 'classes'], pt: ['aulas', 'explicacoes'] },
  },
  {
    sector: null,
    en: [['car rental', 'car rentals']],
    pt: [
      ['aluguer de carros', 'aluguer de carros', 'm'],
      ['aluguel de carros', 'aluguel de carros', 'm'],
    ],
  },
];

/** The names of the sectors themselves: a search for one of them is the sector, not its words. */
export const SECTOR_NAMES: Record<Sector, string[]> = {
  'influencer-marketing': ['influencer marketing', 'micro-influencer marketing', 'marketing'],
  hospitality: ['hospitality', 'hotelaria', 'restauracao', 'hotelaria e restauracao'],
  construction: ['construction', 'construcao', 'construcao civil'],
  beauty: ['beauty', 'beleza'],
};

/** How Maya names a sector: singular and plural, with the Portuguese gender. */
export const SECTOR_NOUNS: Record<Sector | 'none', Record<Language, Noun>> = {
  'influencer-marketing': {
    en: ['micro-influencer marketing business', 'micro-influencer marketing businesses'],
    pt: ['negócio de marketing de influência', 'negócios de marketing de influência', 'm'],
  },
  hospitality: {
    en: ['hospitality business', 'hospitality businesses'],
    pt: ['negócio de hotelaria e restauração', 'negócios de hotelaria e restauração', 'm'],
  },
  construction: {
    en: ['construction company', 'construction companies'],
    pt: ['empresa de construção', 'empresas de construção', 'f'],
  },
  beauty: {
    en: ['beauty business', 'beauty businesses'],
    pt: ['negócio de beleza', 'negócios de beleza', 'm'],
  },
  none: {
    en: ['seller', 'sellers'],
    pt: ['vendedor', 'vendedores', 'm'],
  },
};

/** Words that say "cheap" or "premium"; sellers list no prices, so their own words rank them. */
export const BUDGET_WORDS = {
  low: {
    ask: [
      'cheap',
      'cheaper',
      'cheapest',
      'affordable',
      'budget',
      'low cost',
      'low-cost',
      'inexpensive',
      'not too expensive',
      'not expensive',
      'economical',
      'barato',
      'barata',
      'baratos',
      'baratas',
      'baratinho',
      'baratinha',
      'mais barato',
      'mais barata',
      'economico',
      'economica',
      'acessivel',
      'acessiveis',
      'em conta',
      'nao cobre caro',
      'sem gastar muito',
      'preco baixo',
      'precos baixos',
    ],
    // How a seller says it about itself.
    hint: [
      'cheap',
      'budget',
      'affordable',
      'low cost',
      'low-cost',
      'inexpensive',
      'economical',
      'backpackers',
      'hostel',
      'dorm',
      'dorms',
      'students',
      'student',
      'discount',
      'deals',
      'good value',
      'great value',
      'barato',
      'barata',
      'baratos',
      'economico',
      'economica',
      'economicos',
      'acessivel',
      'acessiveis',
      'em conta',
      'precos baixos',
      'preco justo',
      'precos justos',
      'estudantes',
      'estudante',
      'desconto',
      'descontos',
      'promocao',
      'precos populares',
      'preco popular',
      'baratinho',
      'economia',
    ],
  },
  high: {
    ask: [
      'luxury',
      'luxurious',
      'premium',
      'high end',
      'high-end',
      'upscale',
      'exclusive',
      'five star',
      'five-star',
      '5 star',
      '5-star',
      'boutique',
      'top end',
      'luxo',
      'luxuoso',
      'luxuosa',
      'alto padrao',
      'exclusivo',
      'exclusiva',
      'cinco estrelas',
      '5 estrelas',
      'sofisticado',
      'sofisticada',
      'de gama alta',
      'topo de gama',
    ],
    hint: [
      'luxury',
      'luxurious',
      'premium',
      'high end',
      'high-end',
      'upscale',
      'exclusive',
      'five star',
      'five-star',
      '5 star',
      '5-star',
      'boutique',
      'gourmet',
      'suite',
      'suites',
      'lujo',
      'luxo',
      'luxuoso',
      'luxuosa',
      'alto padrao',
      'exclusivo',
      'exclusiva',
      'cinco estrelas',
      '5 estrelas',
      'sofisticado',
      'sofisticada',
      'requinte',
      'gama alta',
      'vip',
    ],
  },
} as const;

/** Words that carry no subject of their own in a request. */
export const FILLER = new Set(
  (
    "a an the and or of for to in on at by with from into about me my mine i im i'm ive i've can't don't it's " +
    'we our us you your ' +
    'is are was be been being am can could would will should may might must shall do does did done ' +
    'need needs needed want wants wanted looking look find finding search show give get got have has had ' +
    'some someone somebody something somewhere anyone anybody anything any who which that this these those ' +
    'what where when how why please pls plz help recommend recommendation recommendations suggest ' +
    'good best great nice decent reliable trusted top quality professional professionals ' +
    'near close closer closest nearest around nearby instead also too really very just actually maybe ' +
    'there here one ones more less like hi hello hey thanks thank ok okay so well then now today ' +
    'tomorrow next week weekend month year asap urgent urgently quick quickly fast please ' +
    'company companies business businesses service services firm shop place places spot option options ' +
    'guy guys person people lady woman man cant dont it its if but not no yes ' +
    'um uma uns umas o os as de do da dos das e ou para pra pro por pelo pela com sem em no na nos nas ' +
    'ao aos eu tu ele ela nos voce voces meu minha meus minhas seu sua teu tua mim te lhe me se ' +
    'preciso precisava precisamos quero queria queremos procuro procurava procuramos gostaria ' +
    'alguem algum alguma alguns algumas coisa algo qualquer quem qual quais que onde como quando ' +
    'bom boa bons boas melhor melhores otimo otima confiavel recomenda recomendas recomendam ' +
    'indica indicas indique sugere sugestao ajuda ajudar ajude favor obrigado obrigada ola oi ' +
    'perto proximo proxima pertinho aqui ali la ai vez tambem so muito muita mais menos ja agora ' +
    'hoje amanha semana mes ano urgente rapido empresa empresas negocio negocios servico servicos ' +
    'sitio lugar lugares local opcao opcoes tem ha existe existem esta estou sou fica e ne tipo ' +
    'fazer faz faca isso isto esse essa este aquele dele dela deles delas nele nela parece parecem ' +
    'pode podes poderia poderias podia consegue consegues conseguia conseguirias dar da-me ' +
    'seems looks sounds verdade actually really bem legal fixe morning evening afternoon night ' +
    'broke broken stopped working work works avariou avariado avariada estragou estragado parou ' +
    'deixou funciona funcionar desde ontem yesterday this area areas zone zona region regiao arredores ' +
    'surroundings outskirts everytime every time vezes sempre'
  ).split(/\s+/),
);

export interface TradeHit {
  trade: Trade;
  /** Where in the message it was read (word index), so the first trade named leads. */
  at: number;
  /** The words of the message it was read from, normalized. */
  phrase: string;
  /** The same words as typed (or, for a misspelling, as the vocabulary writes them). */
  text: string;
  /** A noun (not a cue) was typed, so the answer may name the trade. */
  named: boolean;
  /** The language of the words typed, when only one language uses them. */
  language?: Language;
}

interface Form {
  phrase: string;
  /** As written, with its accents: what a corrected typo is searched as. */
  text: string;
  /** The phrase as whole words in a message's free words. */
  pattern: RegExp;
  trade: Trade;
  named: boolean;
  language?: Language;
}

const FORMS: Form[] = (() => {
  const forms: Form[] = [];
  const languagesOf = new Map<string, Set<Language>>();
  const add = (phrase: string, trade: Trade, named: boolean, language?: Language) => {
    const plain = normalize(phrase);
    const escaped = plain.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');
    forms.push({
      phrase: plain,
      text: phrase,
      trade,
      named,
      language,
      pattern: new RegExp(`(?<= )${escaped}(?= )`),
    });
    if (language) languagesOf.set(plain, (languagesOf.get(plain) ?? new Set()).add(language));
  };
  for (const trade of TRADES) {
    for (const [singular, plural] of trade.en) {
      add(singular, trade, true, 'en');
      add(plural, trade, true, 'en');
    }
    for (const [singular, plural] of trade.pt) {
      add(singular, trade, true, 'pt');
      add(plural, trade, true, 'pt');
    }
    for (const cue of trade.cues?.en ?? []) add(cue, trade, false, 'en');
    for (const cue of trade.cues?.pt ?? []) add(cue, trade, false, 'pt');
    for (const cue of trade.cues?.both ?? []) add(cue, trade, false);
  }
  // A word both languages use tells neither.
  for (const form of forms) {
    if ((languagesOf.get(form.phrase)?.size ?? 0) > 1) form.language = undefined;
  }
  // Longest first, so "hair salon" wins over "salon" and "wedding venue" over "venue".
  return forms.sort((a, b) => b.phrase.length - a.phrase.length);
})();

/** What a misspelled word is compared with: nouns, and cues long enough not to be other words. */
const SINGLE_WORD_FORMS = FORMS.filter(
  (form) => !form.phrase.includes(' ') && form.phrase.length >= (form.named ? 5 : 7),
);

export { FORMS as TRADE_FORMS, SINGLE_WORD_FORMS };

/**
 * Every word for a trade, in every language sellers write: its nouns and cues as written. A
 * seller whose own words use one is of that trade even when the words searched were others.
 */
export function tradeVocabulary(trade: Trade): string[] {
  const covered = TRADES.filter((other) => trade.includes?.includes(other.en[0]![0]));
  return [
    ...new Set([
      ...covered.flatMap((other) => tradeVocabulary(other)),
      ...[...trade.en, ...trade.pt].flatMap(([singular, plural]) => [singular, plural]),
      ...(trade.cues?.en ?? []),
      ...(trade.cues?.pt ?? []),
      ...(trade.cues?.both ?? []),
    ]),
  ];
}
