import type { Sector } from '@maya/contracts';

/**
 * The directory's synonym table: words a buyer may use for one trade, in English, Portuguese
 * (Portugal and Brazil) and Spanish, written folded (lower case, no accents). A searched word that
 * is one of them also finds the others, so "canalizador" finds a seller who wrote "plumber".
 *
 * Keep a group to one trade: a word in two groups finds both. `sector` is the directory sector
 * the trade belongs to; a `generic` group names the sector as a whole ("salon", "obras"), so its
 * words also find any seller of that sector.
 *
 * Grow it from the misses of `npm run eval:finding` and from what people search for, never to
 * fit one request.
 */
export interface SynonymGroup {
  sector: Sector;
  generic?: boolean;
  words: string[];
}

export const synonymGroups: SynonymGroup[] = [
  // Construction
  {
    sector: 'construction',
    generic: true,
    words: [
      'construction',
      'builder',
      'building',
      'contractor',
      'construcao',
      'construtor',
      'construtora',
      'empreiteiro',
      'obras',
      'obra',
      'construccion',
      'constructor',
      'constructora',
      'reformas',
    ],
  },
  {
    sector: 'construction',
    words: [
      'plumber',
      'plumbing',
      'pipes',
      'leak',
      'canalizador',
      'canalizacao',
      'canalizacoes',
      'encanador',
      'encanamento',
      'fontanero',
      'fontaneria',
    ],
  },
  {
    sector: 'construction',
    words: ['electrician', 'electrical', 'wiring', 'eletricista', 'electricista', 'eletrica'],
  },
  {
    sector: 'construction',
    words: ['roof', 'roofing', 'roofer', 'telhado', 'telhados', 'cobertura', 'tejado', 'techo'],
  },
  {
    sector: 'construction',
    words: [
      'renovation',
      'renovate',
      'refurbishment',
      'remodel',
      'remodeling',
      'refit',
      'remodelacao',
      'renovacao',
      'reforma',
      'remodelacion',
      'rehabilitacao',
    ],
  },
  {
    sector: 'construction',
    words: [
      'carpenter',
      'carpentry',
      'joiner',
      'joinery',
      'carpinteiro',
      'carpintaria',
      'carpintero',
      'carpinteria',
      'marceneiro',
    ],
  },
  {
    sector: 'construction',
    words: ['painter', 'painting', 'decorator', 'pintor', 'pintura'],
  },
  {
    sector: 'construction',
    words: [
      'tiler',
      'tiling',
      'tiles',
      'azulejos',
      'azulejador',
      'ladrilhador',
      'alicatador',
      'azulejero',
      'ceramica',
    ],
  },
  {
    sector: 'construction',
    words: ['bricklayer', 'mason', 'masonry', 'pedreiro', 'albanil', 'alvenaria'],
  },
  {
    sector: 'construction',
    words: ['kitchen', 'kitchens', 'cozinha', 'cozinhas', 'cocina', 'cocinas'],
  },
  {
    sector: 'construction',
    words: ['bathroom', 'bathrooms', 'wc', 'banheiro', 'bano', 'banos'],
  },
  {
    sector: 'construction',
    words: ['insulation', 'isolamento', 'aislamiento', 'damp', 'humidade', 'humedad'],
  },
  {
    sector: 'construction',
    words: ['extension', 'ampliacao', 'ampliacion', 'loft', 'sotao'],
  },
  {
    sector: 'construction',
    words: ['handyman', 'repairs', 'reparacoes', 'reparacao', 'manutencao', 'manitas', 'faztudo'],
  },
  {
    sector: 'construction',
    words: ['architect', 'arquiteto', 'arquitecto', 'arquitetura', 'arquitectura'],
  },
  {
    sector: 'construction',
    words: ['floor', 'flooring', 'pavimento', 'soalho', 'piso', 'suelo', 'parquet'],
  },
  {
    sector: 'construction',
    words: ['window', 'windows', 'janela', 'janelas', 'caixilharia', 'ventana', 'ventanas'],
  },
  {
    sector: 'construction',
    words: ['pool', 'swimming', 'piscina', 'piscinas'],
  },
  {
    sector: 'construction',
    words: ['solar', 'panels', 'fotovoltaico', 'fotovoltaica', 'paineis'],
  },
  // Hospitality
  {
    sector: 'hospitality',
    generic: true,
    words: [
      'hospitality',
      'hotelaria',
      'hosteleria',
      'hospedagem',
      'alojamento',
      'accommodation',
      'lodging',
      'alojamiento',
      'estadia',
    ],
  },
  {
    sector: 'hospitality',
    words: ['hotel', 'hotels', 'hoteis', 'hoteles', 'inn', 'resort'],
  },
  {
    sector: 'hospitality',
    words: ['hostel', 'hostal', 'albergue', 'pousada', 'backpackers', 'dorm', 'dorms'],
  },
  {
    sector: 'hospitality',
    words: ['guesthouse', 'pensao', 'pension', 'residencial'],
  },
  {
    sector: 'hospitality',
    words: [
      'restaurant',
      'restaurante',
      'restaurantes',
      'bistro',
      'tasca',
      'taberna',
      'eatery',
      'dining',
      'dinner',
      'jantar',
      'comida',
      'food',
    ],
  },
  {
    sector: 'hospitality',
    words: [
      'cafe',
      'coffee',
      'cafetaria',
      'cafeteria',
      'pastelaria',
      'bakery',
      'padaria',
      'panaderia',
      'brunch',
    ],
  },
  {
    sector: 'hospitality',
    words: ['bar', 'pub', 'cocktail', 'cocktails', 'wine', 'vinho', 'vino', 'cerveja', 'beer'],
  },
  {
    sector: 'hospitality',
    words: ['catering', 'caterer', 'banquete', 'banquetes', 'buffet', 'chef'],
  },
  {
    sector: 'hospitality',
    words: [
      'venue',
      'venues',
      'events',
      'event',
      'eventos',
      'evento',
      'party',
      'festa',
      'fiesta',
      'quinta',
      'espaco',
    ],
  },
  {
    sector: 'hospitality',
    words: ['wedding', 'weddings', 'casamento', 'casamentos', 'boda', 'bodas', 'noivos'],
  },
  {
    sector: 'hospitality',
    words: [
      'room',
      'rooms',
      'quarto',
      'quartos',
      'habitacion',
      'habitaciones',
      'apartment',
      'apartamento',
      'suite',
    ],
  },
  // Beauty
  {
    sector: 'beauty',
    generic: true,
    words: [
      'beauty',
      'beleza',
      'belleza',
      'salon',
      'salao',
      'saloes',
      'estetica',
      'esteticista',
      'aesthetics',
      'beautician',
    ],
  },
  {
    sector: 'beauty',
    words: [
      'hairdresser',
      'hairdressing',
      'hair',
      'haircut',
      'hairstylist',
      'cabeleireiro',
      'cabeleireira',
      'cabeleireiros',
      'cabelo',
      'cabelos',
      'corte',
      'peluqueria',
      'peluquero',
      'peluquera',
    ],
  },
  {
    sector: 'beauty',
    words: [
      'barber',
      'barbershop',
      'barbeiro',
      'barbearia',
      'barberia',
      'barbero',
      'beard',
      'barba',
    ],
  },
  {
    sector: 'beauty',
    words: [
      'nails',
      'nail',
      'manicure',
      'pedicure',
      'unhas',
      'unha',
      'manicura',
      'pedicura',
      'unas',
    ],
  },
  {
    sector: 'beauty',
    words: [
      'lashes',
      'lash',
      'eyelashes',
      'pestanas',
      'cilios',
      'brows',
      'eyebrows',
      'sobrancelhas',
      'cejas',
    ],
  },
  {
    sector: 'beauty',
    words: [
      'makeup',
      'maquilhagem',
      'maquiagem',
      'maquillaje',
      'maquilladora',
      'maquilhadora',
      'maquiadora',
      'mua',
    ],
  },
  {
    sector: 'beauty',
    words: [
      'massage',
      'massagem',
      'masaje',
      'masajes',
      'massagens',
      'spa',
      'wellness',
      'bem-estar',
      'relax',
      'relaxamento',
    ],
  },
  {
    sector: 'beauty',
    words: ['skin', 'skincare', 'facial', 'facials', 'pele', 'limpeza', 'piel', 'dermo'],
  },
  {
    sector: 'beauty',
    words: ['waxing', 'wax', 'depilacao', 'depilacion', 'cera', 'laser'],
  },
  {
    sector: 'beauty',
    words: ['bridal', 'bride', 'noiva', 'noivas', 'novia', 'novias'],
  },
  {
    sector: 'beauty',
    words: ['tattoo', 'tattoos', 'tatuagem', 'tatuagens', 'tatuaje', 'tatuajes', 'piercing'],
  },
  // Influencer marketing
  {
    sector: 'influencer-marketing',
    generic: true,
    words: [
      'influencer',
      'influencers',
      'influenciador',
      'influenciadora',
      'influenciadores',
      'marketing',
      'creator',
      'creators',
      'criador',
      'criadores',
      'criadora',
      'creadores',
      'creador',
      'ugc',
    ],
  },
  {
    sector: 'influencer-marketing',
    words: ['instagram', 'insta', 'reels', 'reel', 'stories'],
  },
  { sector: 'influencer-marketing', words: ['tiktok', 'tiktoker', 'tiktokers'] },
  {
    sector: 'influencer-marketing',
    words: ['youtube', 'youtuber', 'vlog', 'vlogger', 'video', 'videos'],
  },
  {
    sector: 'influencer-marketing',
    words: [
      'campaign',
      'campaigns',
      'campanha',
      'campanhas',
      'campana',
      'campanas',
      'promotion',
      'promote',
      'promocao',
      'divulgacao',
      'divulgar',
      'publicidade',
      'publicidad',
      'advertising',
      'ads',
    ],
  },
  {
    sector: 'influencer-marketing',
    words: ['social', 'redes', 'sociais', 'socialmedia', 'community', 'comunidade'],
  },
  {
    sector: 'influencer-marketing',
    words: [
      'photographer',
      'photography',
      'photos',
      'fotografo',
      'fotografa',
      'fotografia',
      'fotos',
      'content',
      'conteudo',
      'contenido',
    ],
  },
  {
    sector: 'influencer-marketing',
    words: ['food', 'foodie', 'gastronomia', 'culinaria', 'recipes', 'receitas'],
  },
  {
    sector: 'influencer-marketing',
    words: ['travel', 'viagem', 'viagens', 'viajes', 'turismo', 'tourism'],
  },
  {
    sector: 'influencer-marketing',
    words: ['fitness', 'gym', 'ginasio', 'gimnasio', 'workout', 'treino'],
  },
  {
    sector: 'influencer-marketing',
    words: ['fashion', 'moda', 'style', 'estilo', 'outfit'],
  },
];
