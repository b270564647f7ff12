/**
 * Sets of sellers that several requests accept, kept in one place so the requests agree. Each is
 * a judgement written by hand: who a buyer asking for this would be glad to be shown.
 */

/** Plumbers in and around Lisbon, and the handyman who fixes leaking taps. */
export const lisbonPlumbers = ['rocha-canalizacoes', 'aqua-express', 'lisbon-handy-help'];

/** Hairdressers in Lisbon (not the barbers, not the facials-and-waxing salon). */
export const lisbonHairdressers = ['salao-rosa-chiado', 'cabeleireiro-popular-graca'];

/** Cheap places to sleep in Lisbon. */
export const lisbonCheapStays = ['hostel-alfama-terrace', 'lisbon-budget-rooms', 'casa-do-bairro'];

/** Every place to sleep in Porto. */
export const portoStays = ['porto-poets-hostel', 'guest-house-cedofeita', 'palacio-boavista'];

/** Barbers a buyer in Lisbon would travel to. */
export const lisbonBarbers = ['barbearia-lusitana', 'oeiras-barber-club'];

/**
 * Anyone who runs influencer campaigns, makes content for brands or manages their social media,
 * wherever they are (photographers alone are not enough to launch a brand).
 */
export const influencerCampaigns = [
  'hype-lisboa',
  'ines-tavares-ugc',
  'social-mood',
  'douro-influence',
  'carla-mendes-social',
  'algarve-lifestyle-creators',
  'agencia-creators-sp',
  'lari-souza-ugc',
  'mega-promo-digital',
  'rio-influence-lab',
  'bh-influencers-hub',
  'madrid-influencers',
  'bcn-creators',
  'valencia-social-lab',
  'shoreditch-creators',
];

/** Influencer agencies and creators in Brazil. */
export const brazilInfluencerMarketing = [
  'agencia-creators-sp',
  'lari-souza-ugc',
  'mega-promo-digital',
  'rio-influence-lab',
  'bh-influencers-hub',
];

/** Creators who make UGC videos for brands. */
export const ugcCreators = [
  'lari-souza-ugc',
  'agencia-creators-sp',
  'ines-tavares-ugc',
  'bcn-creators',
  'shoreditch-creators',
];
