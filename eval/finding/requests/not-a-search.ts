import type { EvalRequestInput } from '../types.js';

/**
 * After a search, a message that asks for something Maya does not do (a price, a booking, a
 * negotiation, a person, anything off-topic): a short reply in the asker's language, no seller,
 * and never the previous answer again. Maya only (two turns).
 */
export const notASearch: EvalRequestInput[] = [
  { lang: 'en', say: ['plumber in lisbon', 'what is the capital of france?'], expect: 'reply' },
  {
    lang: 'en',
    say: ['hair salon in porto', 'can you book me an appointment for saturday?'],
    expect: 'reply',
  },
  { lang: 'en', say: ['hotel in lisbon', 'how much does it cost per night?'], expect: 'reply' },
  {
    lang: 'en',
    say: ['wedding venue in porto', 'can u negotiate the price for me'],
    expect: 'reply',
  },
  {
    lang: 'en',
    say: ['electrician in lisbon', 'can i talk to a real person please'],
    expect: 'reply',
  },
  {
    lang: 'en',
    say: ['barbers in madrid', 'whats the weather like in madrid tomorrow'],
    expect: 'reply',
  },
  { lang: 'en', say: ['caterer in lisbon', 'ok and what are their prices?'], expect: 'reply' },

  { lang: 'pt-PT', say: ['canalizador em lisboa', 'qual é a capital de frança?'], expect: 'reply' },
  { lang: 'pt-PT', say: ['cabeleireiro no porto', 'quanto custa?'], expect: 'reply' },
  { lang: 'pt-PT', say: ['hotel no algarve', 'pode negociar o preço por mim?'], expect: 'reply' },
  { lang: 'pt-PT', say: ['eletricista em lisboa', 'quero falar com uma pessoa'], expect: 'reply' },
  {
    lang: 'pt-PT',
    say: ['restaurante no porto', 'consegues marcar uma mesa para sábado?'],
    expect: 'reply',
  },

  { lang: 'pt-BR', say: ['salão de beleza em são paulo', 'quanto custa?'], expect: 'reply' },
  {
    lang: 'pt-BR',
    say: ['encanador no rio', 'dá pra agendar pra amanhã de manhã?'],
    expect: 'reply',
  },
  { lang: 'pt-BR', say: ['hotel em são paulo', 'quero falar com um atendente'], expect: 'reply' },
  {
    lang: 'pt-BR',
    say: ['pousada em floripa', 'você consegue negociar um desconto pra mim?'],
    expect: 'reply',
  },
  {
    lang: 'pt-BR',
    say: ['hotel no rio', 'quem ganhou o jogo do flamengo ontem?'],
    expect: 'reply',
  },
];
