import type { EvalRequestInput } from '../types.js';
import { lisbonBarbers, lisbonPlumbers } from './groups.js';

/** Misspelled trades and cities, missing accents, other spellings and abbreviations. */
export const typos: EvalRequestInput[] = [
  { lang: 'en', say: 'plumbr in lisbn', expect: lisbonPlumbers },
  { lang: 'en', say: 'electrician in oporto', expect: ['eletro-douro'] },
  { lang: 'en', say: 'roofng contractor porto', expect: ['telhados-do-norte'] },
  { lang: 'en', say: 'tilling my bathroom lisbon', expect: ['ladrilhos-ferreira'] },
  { lang: 'en', say: 'baber shop soho', expect: ['soho-barber'] },
  { lang: 'en', say: 'hostal in barcellona', expect: ['barceloneta-beach-hostel'] },
  { lang: 'en', say: 'pinter madrid', expect: ['hermanos-gil-pinturas'] },
  { lang: 'en', say: 'influencer agencie lisbon', expect: ['hype-lisboa'] },
  {
    lang: 'en',
    say: 'hostel in lisabon',
    expect: ['hostel-alfama-terrace', 'lisbon-budget-rooms'],
  },
  { lang: 'en', say: 'hotle in cascais', expect: ['hotel-baia-cascais'] },
  { lang: 'en', say: 'electricain madrid', expect: ['voltio-electricidad'] },
  { lang: 'en', say: 'catring for a wedding in valencia', expect: ['paella-catering'] },
  { lang: 'en', say: 'lash lifiting barcelona', expect: ['pestanas-gracia'] },
  { lang: 'en', say: 'hostel sevila', expect: ['hostal-santa-cruz'] },
  { lang: 'en', say: 'italian resturant sao paolo', expect: ['cantina-da-nonna'] },

  { lang: 'pt-PT', say: 'canalisador lisboa', expect: lisbonPlumbers },
  { lang: 'pt-PT', say: 'eletrecista porto', expect: ['eletro-douro'] },
  { lang: 'pt-PT', say: 'eletricista em coimbar', expect: ['coimbra-reparacoes'] },
  { lang: 'pt-PT', say: 'spa em lisbboa', expect: ['spa-alma'] },
  { lang: 'pt-PT', say: 'canalizador em farro', expect: ['aquaflux-faro'] },
  { lang: 'pt-PT', say: 'telhadista em mathosinhos', expect: ['telhados-do-norte'] },
  { lang: 'pt-PT', say: 'extensoes de pestanas lx', expect: ['olhar-de-seda'] },
  { lang: 'pt-PT', say: 'restarante em braga', expect: ['tasquinha-minhota'] },
  { lang: 'pt-PT', say: 'barbaria lisboa', expect: lisbonBarbers },
  { lang: 'pt-PT', say: 'fotografo casamento porto', expect: ['rui-costa-video'] },

  { lang: 'pt-BR', say: 'encandor sao paulo', expect: ['hidraulica-paulista'] },
  { lang: 'pt-BR', say: 'encanador em são paolo', expect: ['hidraulica-paulista'] },
  {
    lang: 'pt-BR',
    say: 'cabelereiro em curitiba',
    expect: ['estilo-curitiba', 'beleza-total-premium'],
  },
  { lang: 'pt-BR', say: 'manicuri em copacabana', expect: ['unhas-botafogo'] },
  {
    lang: 'pt-BR',
    say: 'hotel em florianopolis',
    expect: ['pousada-jurere', 'floripa-surf-hostel'],
  },
  { lang: 'pt-BR', say: 'maquiadora pra noiva em sampa', expect: ['juliana-prado-maquiagem'] },
  { lang: 'pt-BR', say: 'extensao de cilios sp', expect: ['studio-cilios-moema'] },
  {
    lang: 'pt-BR',
    say: 'agencia de influencers em sp',
    expect: ['agencia-creators-sp', 'mega-promo-digital'],
  },
  { lang: 'pt-BR', say: 'desentupidora bh', expect: ['desentupidora-pampulha'] },
  { lang: 'pt-BR', say: 'encanador rj', expect: ['hidro-rio'] },
  { lang: 'pt-BR', say: 'salao de beleza belo horizonte', expect: ['belo-cachos'] },
];
