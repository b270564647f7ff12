import type { Sector } from '@maya/contracts';

export interface City {
  name: string;
  country: string;
  lat: number;
  lng: number;
}

export const cities: City[] = [
  { name: 'Lisbon', country: 'Portugal', lat: 38.7223, lng: -9.1393 },
  { name: 'Porto', country: 'Portugal', lat: 41.1579, lng: -8.6291 },
  { name: 'Madrid', country: 'Spain', lat: 40.4168, lng: -3.7038 },
  { name: 'Barcelona', country: 'Spain', lat: 41.3874, lng: 2.1686 },
  { name: 'London', country: 'United Kingdom', lat: 51.5072, lng: -0.1276 },
  { name: 'Paris', country: 'France', lat: 48.8566, lng: 2.3522 },
  { name: 'Berlin', country: 'Germany', lat: 52.52, lng: 13.405 },
  { name: 'New York', country: 'United States', lat: 40.7128, lng: -74.006 },
  { name: 'São Paulo', country: 'Brazil', lat: -23.5505, lng: -46.6333 },
  { name: 'Rio de Janeiro', country: 'Brazil', lat: -22.9068, lng: -43.1729 },
];

export const streets = [
  'Market Street',
  'Harbour Road',
  'Garden Avenue',
  'Old Town Square',
  'River Lane',
  'Station Road',
  'Hill Street',
  'Park Avenue',
];

interface SectorCatalogue {
  names: [string, string][];
  pitches: string[];
  colours: [string, string];
}

/** Words that read like real businesses of each sector; combined, they give distinct sellers. */
export const catalogue: Record<Sector, SectorCatalogue> = {
  'influencer-marketing': {
    names: [
      ['Bright', 'Reach Studio'],
      ['Pulse', 'Creators'],
      ['Northstar', 'Social'],
      ['Kindred', 'Collective'],
      ['Echo', 'Influence'],
      ['Lumen', 'Media'],
      ['Vivid', 'Voices'],
      ['Tidal', 'Content Co.'],
      ['Signal', 'Partners'],
      ['Maple', 'Stories'],
    ],
    pitches: [
      'Micro-influencer campaigns for local brands, from casting to weekly performance reports.',
      'We match small businesses with trusted creators on Instagram and TikTok and run the whole campaign.',
      'Authentic product reviews and short videos by a network of 300 micro-influencers.',
      'Launch campaigns, giveaways and UGC bundles with transparent pricing per post.',
    ],
    colours: ['#7b1fa2', '#e040fb'],
  },
  hospitality: {
    names: [
      ['Casa', 'Serena'],
      ['Harbour', 'Guesthouse'],
      ['Olive', 'Kitchen'],
      ['Blue Door', 'Hotel'],
      ['Copper', 'Bistro'],
      ['Saltwater', 'Suites'],
      ['Golden', 'Table Catering'],
      ['Linden', 'Inn'],
      ['Azul', 'Rooftop Bar'],
      ['Fig Tree', 'Events'],
    ],
    pitches: [
      'Boutique rooms in the old town with breakfast from local bakers and late check-out.',
      'Seasonal menus, private dining for up to 40 guests and catering for company events.',
      'Event venue and catering for weddings, launches and team dinners, all in one contract.',
      'Family-run guesthouse with airport pickup, bike rental and tours booked for you.',
    ],
    colours: ['#00695c', '#4db6ac'],
  },
  construction: {
    names: [
      ['Solid', 'Build'],
      ['Cornerstone', 'Works'],
      ['Ironwood', 'Renovations'],
      ['Keystone', 'Contractors'],
      ['Granite', 'Homes'],
      ['Level', 'Line Builders'],
      ['Oak & Steel', 'Construction'],
      ['Brickyard', 'Restorations'],
      ['Summit', 'Roofing'],
      ['True North', 'Carpentry'],
    ],
    pitches: [
      'Kitchen and bathroom renovations with a fixed quote, a named site lead and a 5-year warranty.',
      'Extensions, loft conversions and structural repairs, licensed and insured.',
      'Energy-efficient refits: insulation, windows and heat pumps, with grant paperwork handled.',
      'Restoration of historic facades and roofs using traditional materials.',
    ],
    colours: ['#e65100', '#ffb74d'],
  },
  beauty: {
    names: [
      ['Glow', 'Studio'],
      ['Velvet', 'Salon'],
      ['Bloom', 'Skin Clinic'],
      ['Luxe', 'Lashes'],
      ['Petal', 'Nail Bar'],
      ['Aura', 'Wellness Spa'],
      ['Silk', 'Hair Atelier'],
      ['Radiant', 'Beauty'],
      ['Jade', 'Massage'],
      ['Muse', 'Makeup Artistry'],
    ],
    pitches: [
      'Hair colour, cuts and bridal styling by senior stylists; vegan products only.',
      'Facials, peels and skin consultations with a licensed dermatology nurse.',
      'Gel nails, lash lifts and brows, with evening appointments during the week.',
      'Massage and spa days for individuals and corporate wellness programmes.',
    ],
    colours: ['#ad1457', '#f48fb1'],
  },
};

export const buyerNames: [string, string][] = [
  ['Ana', 'Silva'],
  ['Tom', 'Baker'],
  ['Lucía', 'García'],
  ['Chloé', 'Martin'],
  ['Jonas', 'Müller'],
  ['Maya', 'Patel'],
  ['João', 'Costa'],
  ['Emily', 'Clarke'],
  ['Rafael', 'Souza'],
  ['Sofia', 'Rossi'],
];

export const buyerNeeds = [
  'Opening a small café and looking for a contractor and a launch campaign.',
  'Planning a company retreat for 30 people next spring.',
  'Renovating a flat before renting it out.',
  'Looking for a makeup artist and a venue for a wedding.',
  'Growing an online shop with local creators.',
];
