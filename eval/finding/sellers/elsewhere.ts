import type { EvalSeller } from '../types.js';

/** London, Luanda and Newark's Ironbound: Portuguese-speaking communities abroad. */
export const elsewhere: EvalSeller[] = [
  // London
  {
    key: 'stockwell-builders',
    name: 'Stockwell Portuguese Builders',
    sector: 'construction',
    address: '120 South Lambeth Road, Stockwell, London SW8',
    at: [51.472, -0.123],
    description:
      'Portuguese family builders in South London since 1998: loft conversions, extensions, bathrooms and tiling. Falamos português.',
  },
  {
    key: 'soho-barber',
    name: 'Soho Barber Co',
    sector: 'beauty',
    address: '22 Old Compton St, London W1D',
    at: [51.513, -0.131],
    description: 'Classic and modern cuts in Soho, hot towel shaves. Walk-ins welcome.',
  },
  {
    key: 'shoreditch-creators',
    name: 'Shoreditch Creator House',
    sector: 'influencer-marketing',
    address: '50 Great Eastern St, Shoreditch, London EC2A',
    at: [51.526, -0.08],
    description:
      'UGC and influencer content studio for DTC brands: TikTok Shop campaigns with creators in London and Lisbon.',
  },
  {
    key: 'camden-hostel',
    name: 'Camden Budget Hostel',
    sector: 'hospitality',
    address: '10 Bayham St, Camden Town, London NW1',
    at: [51.538, -0.141],
    description:
      'Cheap beds in Camden Town from £22, free breakfast, near the market and the tube.',
  },
  {
    key: 'brixton-plumbing',
    name: 'Brixton Emergency Plumbing',
    sector: 'construction',
    address: '300 Brixton Hill, London SW2',
    at: [51.452, -0.121],
    description:
      'Gas Safe registered plumbers and heating engineers: boiler repairs, radiators and leaks across Lambeth.',
  },

  // Luanda
  {
    key: 'kianda-construcoes',
    name: 'Construções Kianda',
    sector: 'construction',
    address: 'Via AL 15, Talatona, Luanda, Angola',
    at: [-8.915, 13.185],
    description: 'Construção civil e remodelação de vivendas e apartamentos em Luanda e Talatona.',
  },
  {
    key: 'hotel-baia-luanda',
    name: 'Hotel Baía de Luanda',
    sector: 'hospitality',
    address: 'Av. 4 de Fevereiro 50, Marginal, Luanda',
    at: [-8.812, 13.234],
    description:
      'Hotel na Marginal de Luanda com vista para a baía e salas de conferência para empresas.',
  },
  {
    key: 'kuia-beleza',
    name: 'Salão Kuia Beleza',
    sector: 'beauty',
    address: 'Rua Rei Katyavala 20, Maianga, Luanda',
    at: [-8.83, 13.24],
    description: 'Tranças, perucas e maquilhagem na Maianga.',
  },

  // Newark, New Jersey
  {
    key: 'ironbound-tile',
    name: 'Ironbound Tile & Stone',
    sector: 'construction',
    address: '150 Ferry St, Newark, NJ 07105',
    at: [40.726, -74.156],
    description:
      'Portuguese-owned tile contractor in the Ironbound: bathrooms, kitchens, marble and stone. Free estimates, se habla español, fala-se português.',
  },
  {
    key: 'tasca-ironbound',
    name: 'Tasca Ironbound Restaurant',
    sector: 'hospitality',
    address: '90 Ferry St, Newark, NJ',
    at: [40.725, -74.154],
    description:
      'Portuguese and Brazilian restaurant on Ferry Street: rodízio on weekends and a private room for parties.',
  },
  {
    key: 'salao-brasil-newark',
    name: 'Salão Brasil Newark',
    sector: 'beauty',
    address: '200 Ferry St, Newark, New Jersey',
    at: [40.727, -74.158],
    description:
      'Brazilian blowout, keratin, nails and waxing. We speak English, Português and Español.',
  },
];
