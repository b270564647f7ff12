import type { EvalRequestInput } from '../types.js';

/**
 * Nobody fits: a service no seller offers, a city with no sellers, a business that does not
 * exist. The answer must say so (closest alternatives are fine when labelled as such).
 */
export const unanswerable: EvalRequestInput[] = [
  { lang: 'en', say: 'dog groomer in lisbon', expect: 'none' },
  { lang: 'en', say: 'tattoo artist in barcelona', expect: 'none' },
  { lang: 'en', say: 'plumber in berlin', expect: 'none' },
  { lang: 'en', say: 'electrician in dublin', expect: 'none' },
  { lang: 'en', say: 'piano lessons in madrid', expect: 'none' },
  { lang: 'en', say: 'barber in paris', expect: 'none' },
  { lang: 'en', say: 'accountant for my small business in porto', expect: 'none' },
  { lang: 'en', say: 'car rental at faro airport', expect: 'none' },
  { lang: 'en', say: 'someone to build a website for my online shop, lisbon', expect: 'none' },
  { lang: 'en', say: 'vet in braga', expect: 'none' },
  { lang: 'en', say: 'tell me about Hotel Miramar in Porto', expect: 'none' },

  { lang: 'pt-PT', say: 'preciso de um dentista no porto', expect: 'none' },
  { lang: 'pt-PT', say: 'canalizador em évora', expect: 'none' },
  { lang: 'pt-PT', say: 'cabeleireiro em viseu', expect: 'none' },
  { lang: 'pt-PT', say: 'advogado para um divórcio em lisboa', expect: 'none' },
  { lang: 'pt-PT', say: 'eletricista em faro', expect: 'none' },
  { lang: 'pt-PT', say: 'hostel em bragança', expect: 'none' },
  { lang: 'pt-PT', say: 'empresa de mudanças em lisboa', expect: 'none' },
  { lang: 'pt-PT', say: 'jardineiro em cascais', expect: 'none' },

  { lang: 'pt-BR', say: 'mecânico de carro em são paulo', expect: 'none' },
  { lang: 'pt-BR', say: 'hotel em manaus', expect: 'none' },
  { lang: 'pt-BR', say: 'passeador de cachorro no rio', expect: 'none' },
  { lang: 'pt-BR', say: 'sobrancelha e cílios em curitiba', expect: 'none' },
  { lang: 'pt-BR', say: 'fotógrafo em recife', expect: 'none' },
  { lang: 'pt-BR', say: 'diarista pra limpar meu apê em são paulo', expect: 'none' },
];
