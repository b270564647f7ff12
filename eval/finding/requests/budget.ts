import type { EvalRequestInput } from '../types.js';

/** A trade or need with a budget word: cheap, affordable, premium, luxury, under a price. */
export const budget: EvalRequestInput[] = [
  {
    lang: 'en',
    say: 'cheap hostel lisbon',
    expect: ['hostel-alfama-terrace', 'lisbon-budget-rooms'],
  },
  { lang: 'en', say: 'luxury hotel lisbon', expect: ['hotel-marques-palace'] },
  { lang: 'en', say: 'affordable painter in são paulo', expect: ['cores-do-brooklin'] },
  { lang: 'en', say: 'premium nail salon sao paulo', expect: ['nail-bar-jardins'] },
  { lang: 'en', say: 'cheap lunch in barcelona', expect: ['tapas-raval'] },
  { lang: 'en', say: 'cheapest place to stay in rio', expect: ['hostel-santa-teresa'] },
  { lang: 'en', say: 'budget wedding catering lisbon', expect: ['sabores-de-belem'] },
  { lang: 'en', say: 'five star hotel madrid', expect: ['hotel-retiro'] },
  {
    lang: 'en',
    say: 'high end builder for a villa in cascais',
    expect: ['estoril-coast-builders'],
  },
  { lang: 'en', say: 'ugc videos under 200 euros', expect: ['ines-tavares-ugc'] },
  { lang: 'en', say: 'cheap beds in london', expect: ['camden-hostel'] },
  { lang: 'en', say: 'budget hostel algarve', expect: ['lagos-backpackers'] },
  {
    lang: 'en',
    say: 'hi maya so my mum is visiting next month and we need somewhere nice but not too expensive to stay in porto, close to the river if possible',
    expect: ['porto-poets-hostel', 'guest-house-cedofeita'],
  },

  {
    lang: 'pt-PT',
    say: 'hotel barato no porto',
    expect: ['porto-poets-hostel', 'guest-house-cedofeita'],
  },
  { lang: 'pt-PT', say: 'hotel de luxo no algarve', expect: ['marina-vilamoura'] },
  { lang: 'pt-PT', say: 'cabeleireiro barato em lisboa', expect: ['cabeleireiro-popular-graca'] },
  { lang: 'pt-PT', say: 'pintor económico em coimbra', expect: ['artur-lopes-pinturas'] },
  { lang: 'pt-PT', say: 'alojamento barato em coimbra', expect: ['hostel-quebra-costas'] },
  { lang: 'pt-PT', say: 'corte de cabelo de homem barato no porto', expect: ['barbearia-ribeira'] },
  { lang: 'pt-PT', say: 'desentupimento com preço fixo em lisboa', expect: ['aqua-express'] },
  {
    lang: 'pt-PT',
    say: 'jantar barato para um grupo de estudantes em braga',
    expect: ['tasquinha-minhota'],
  },
  { lang: 'pt-PT', say: 'spa de luxo lisboa', expect: ['spa-alma'] },

  { lang: 'pt-BR', say: 'hostel barato em são paulo', expect: ['hostel-liberdade'] },
  { lang: 'pt-BR', say: 'barbearia barata no rio', expect: ['barbearia-lapa-raiz'] },
  { lang: 'pt-BR', say: 'spa de luxo em sp', expect: ['spa-urbano-itaim'] },
  { lang: 'pt-BR', say: 'pousada barata em bh', expect: ['pousada-mineira'] },
  { lang: 'pt-BR', say: 'construtora alto padrão em floripa', expect: ['ilha-forte'] },
  { lang: 'pt-BR', say: 'hotel baratinho em curitiba', expect: ['hotel-jardim-botanico'] },
  {
    lang: 'pt-BR',
    say: 'maquiadora que não cobre caro pra formatura no rio',
    expect: ['bia-maquiagem'],
  },
  // With an amount: the right answers are the businesses whose listed prices (the demo's, in
  // sellers/priced.ts) start within it, or, when none does, the nearest above it.
  { lang: 'pt-PT', say: 'cabeleireiro no porto ate 40€', expect: ['demo-velvet-salon'] },
  { lang: 'en', say: 'hair salon in porto under 10 euros', expect: ['demo-velvet-salon'] },
  {
    lang: 'pt-PT',
    say: 'limpeza de pele em lisboa no máximo 60 euros',
    expect: ['demo-glow-studio'],
  },
  { lang: 'en', say: 'facial in lisbon, budget of 50', expect: ['demo-glow-studio'] },
  {
    lang: 'en',
    say: 'hotel in lisbon under 150 euros a night',
    expect: ['demo-casa-serena'],
  },
  {
    lang: 'pt-PT',
    say: 'alojamento no porto até 80 eur por noite',
    expect: ['demo-harbour-guesthouse'],
  },
  {
    lang: 'pt-PT',
    say: 'bolo de aniversario no porto ate 40 euors',
    expect: ['demo-padaria-ribeira'],
  },
  { lang: 'en', say: 'photographer porto max €100', expect: ['demo-cais-photography'] },
  { lang: 'pt-BR', say: 'diarista em sp até R$ 50 por hora', expect: ['demo-casa-limpa-cleaning'] },
  {
    lang: 'pt-BR',
    say: 'massagem relaxante em sao paulo ate 200 reais',
    expect: ['demo-jade-massage'],
  },
  { lang: 'pt-BR', say: 'maquiadora no rio até R$ 400,00', expect: ['demo-muse-makeup-artistry'] },
  {
    lang: 'pt-BR',
    say: 'banho e tosa no rio por no maximo 100 reais',
    expect: ['demo-happy-paws-grooming'],
  },
  {
    lang: 'pt-BR',
    say: 'conserto de telhado em sampa até 1.500 reais',
    expect: ['demo-summit-roofing'],
  },
  {
    lang: 'en',
    say: 'team dinner in rio under R$200 per person',
    expect: ['demo-fig-tree-events'],
  },
];
