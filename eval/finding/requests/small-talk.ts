import type { EvalRequestInput } from '../types.js';

/** Greetings, thanks and nonsense: words back, no seller. */
export const smallTalk: EvalRequestInput[] = [
  { lang: 'en', say: 'hi', expect: 'reply' },
  { lang: 'en', say: 'hello there', expect: 'reply' },
  { lang: 'en', say: 'thanks!', expect: 'reply' },
  { lang: 'en', say: 'thank you so much, bye', expect: 'reply' },
  { lang: 'en', say: 'what can you do?', expect: 'reply' },
  { lang: 'en', say: 'good evening', expect: 'reply' },
  { lang: 'en', say: 'lol', expect: 'reply' },
  { lang: 'en', say: 'asdfghjkl', expect: 'reply', anyLanguage: true },
  { lang: 'en', say: '???', expect: 'reply', anyLanguage: true },
  { lang: 'en', say: 'i need some help', expect: 'reply' },

  { lang: 'pt-PT', say: 'olá', expect: 'reply' },
  { lang: 'pt-PT', say: 'bom dia, tudo bem?', expect: 'reply' },
  { lang: 'pt-PT', say: 'obrigada, ajudaste muito', expect: 'reply' },
  { lang: 'pt-PT', say: 'o que é que consegues fazer?', expect: 'reply' },
  { lang: 'pt-PT', say: 'preciso de ajuda', expect: 'reply' },

  { lang: 'pt-BR', say: 'oi, tudo bem?', expect: 'reply' },
  { lang: 'pt-BR', say: 'valeu!', expect: 'reply' },
  { lang: 'pt-BR', say: 'e aí, beleza?', expect: 'reply' },
  { lang: 'pt-BR', say: 'obrigado pela ajuda', expect: 'reply' },
  { lang: 'pt-BR', say: 'pode me ajudar?', expect: 'reply' },
];
