import type { EvalRequestInput } from '../types.js';

/**
 * A business signed in asks Maya (`askerIs`): what she cannot do for it gets words, no seller;
 * she never recommends its own profile to it. Maya only.
 */
export const business: EvalRequestInput[] = [
  {
    lang: 'pt-PT',
    askerIs: 'norte-catering',
    say: 'Encontre clientes para bolos de casamento em Lisboa',
    expect: 'reply',
  },
  { lang: 'en', askerIs: 'norte-catering', say: 'who are my competitors?', expect: 'reply' },
  {
    lang: 'en',
    askerIs: 'remodela-porto',
    say: 'can you find me more customers in porto',
    expect: 'reply',
  },
  {
    lang: 'pt-PT',
    askerIs: 'remodela-porto',
    say: 'como arranjo mais clientes para obras no porto?',
    expect: 'reply',
  },
  {
    lang: 'pt-BR',
    askerIs: 'porto-poets-hostel',
    say: 'quem são meus concorrentes?',
    expect: 'reply',
  },
  {
    lang: 'pt-BR',
    askerIs: 'porto-poets-hostel',
    say: 'me ajuda a conseguir novos clientes',
    expect: 'reply',
  },
];
