import type { EvalRequestInput } from '../types.js';
import { lisbonCheapStays, lisbonHairdressers, portoStays } from './groups.js';

/**
 * Two turns: the second refines the first (cheaper, closer, another city or trade, "the second
 * one"). Judged on the second answer. Maya only: the directory keeps no conversation.
 */
export const followUp: EvalRequestInput[] = [
  { lang: 'en', say: ['hotel in lisbon', 'something cheaper?'], expect: lisbonCheapStays },
  {
    lang: 'en',
    say: ['plumber in lisbon', 'what about in porto?'],
    expect: ['canalizacoes-invicta'],
  },
  {
    lang: 'en',
    say: ['barbers in madrid', 'tell me more about the first one'],
    expect: { previousCard: 1 },
  },
  { lang: 'en', say: ['hotel in madrid', 'a cheaper one near sol'], expect: ['hostal-sol-y-luna'] },
  { lang: 'en', say: ['wedding venue', 'in porto'], expect: ['quinta-da-ribeira'] },
  {
    lang: 'en',
    say: ['construction company in lisbon', 'actually i need someone for the roof'],
    expect: ['telhados-mendes'],
  },
  {
    lang: 'en',
    say: ['hostel in barcelona', 'which one is closest to the beach?'],
    expect: ['barceloneta-beach-hostel'],
  },
  {
    lang: 'en',
    say: ['influencer agency in porto', 'and one in lisbon?'],
    expect: ['hype-lisboa'],
  },
  {
    lang: 'en',
    say: ['makeup artist lisbon', 'tell me more about Beatriz Matos Makeup'],
    expect: ['beatriz-matos-makeup'],
  },
  {
    lang: 'en',
    say: ['caterer in lisbon', 'thanks! the first one, tell me more'],
    expect: { previousCard: 1 },
  },
  {
    lang: 'en',
    say: ['restaurant in porto', 'somewhere cheap for students'],
    expect: ['francesinha-do-bairro'],
  },
  { lang: 'en', say: ['i need a roofer', 'in porto please'], expect: ['telhados-do-norte'] },
  {
    lang: 'en',
    say: ['plumber in porto', 'what about a hotel there?'],
    expect: ['palacio-boavista'],
  },
  { lang: 'en', say: ['hair salon in porto', 'thanks, bye'], expect: 'reply' },

  { lang: 'pt-PT', say: ['cabeleireiro em lisboa', 'e no porto?'], expect: ['aliados-hair'] },
  {
    lang: 'pt-PT',
    say: ['canalizador em lisboa', 'o segundo parece bem, fala-me mais dele'],
    expect: { previousCard: 2 },
  },
  {
    lang: 'pt-PT',
    say: ['preciso de um eletricista', 'moro em braga'],
    expect: ['faisca-eletricidade'],
  },
  {
    lang: 'pt-PT',
    say: ['hotel no algarve', 'mais barato, por favor'],
    expect: ['lagos-backpackers'],
  },
  {
    lang: 'pt-PT',
    say: ['barbearia em lisboa', 'e hostels em lisboa?'],
    expect: ['hostel-alfama-terrace', 'lisbon-budget-rooms'],
  },
  {
    lang: 'pt-PT',
    say: ['alojamento no porto', 'qual é o mais perto da casa da música?'],
    expect: ['guest-house-cedofeita'],
  },
  { lang: 'pt-PT', say: ['canalizador no porto', 'e em braga?'], expect: 'none' },
  {
    lang: 'pt-PT',
    say: ['cabeleireiro em lisboa', 'fala-me mais do salão rosa chiado'],
    expect: ['salao-rosa-chiado'],
  },

  {
    lang: 'pt-BR',
    say: ['hotel em são paulo', 'tem algo mais barato?'],
    expect: ['hostel-liberdade'],
  },
  {
    lang: 'pt-BR',
    say: ['salão de beleza em sp', 'só quero fazer as unhas'],
    expect: ['nail-bar-jardins', 'salao-bela-paulista'],
  },
  {
    lang: 'pt-BR',
    say: ['encanador no rio', 'na verdade preciso de um eletricista'],
    expect: ['eletrica-saens-pena'],
  },
  {
    lang: 'pt-BR',
    say: ['quero reformar minha cozinha', 'sou de são paulo'],
    expect: ['reforma-facil'],
  },
  {
    lang: 'pt-BR',
    say: ['fotógrafo em são paulo', 'na verdade quero alguém que faça vídeos pro tiktok'],
    expect: ['lari-souza-ugc', 'agencia-creators-sp'],
  },
  { lang: 'pt-BR', say: ['restaurante no rio', 'e em niterói?'], expect: 'none' },
  {
    lang: 'pt-BR',
    say: ['pousada em floripa', 'me fala mais da segunda'],
    expect: { previousCard: 2 },
  },
  { lang: 'pt-BR', say: ['pousada em floripa', 'valeu, obrigado!'], expect: 'reply' },

  // "Which of those is closest" names one; "show me more" says when that was everyone.
  {
    lang: 'en',
    say: ['hotel in lisbon', 'which of those is closest to the city centre?'],
    expect: [
      'hotel-marques-palace',
      'casa-do-bairro',
      'hostel-alfama-terrace',
      'lisbon-budget-rooms',
    ],
  },
  {
    lang: 'pt-PT',
    say: ['cabeleireiro em lisboa', 'qual deles fica mais perto do centro?'],
    expect: lisbonHairdressers,
  },
  { lang: 'en', say: ['hostel in porto', 'show me more'], expect: portoStays },
  { lang: 'pt-PT', say: ['canalizador no porto', 'mostra mais'], expect: ['canalizacoes-invicta'] },
  // "Closest" among the hairdressers shown, not the barbershop that is nearer the centre.
  {
    lang: 'pt-PT',
    say: ['cabeleireiro no porto', 'qual e o que fica mais perto do centro'],
    expect: ['aliados-hair'],
  },
  {
    lang: 'pt-BR',
    say: ['cabeleireiro no rio', 'qual fica mais perto do centro?'],
    expect: ['ipanema-hair'],
  },
];
