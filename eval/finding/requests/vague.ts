import type { EvalRequestInput } from '../types.js';
import {
  brazilInfluencerMarketing,
  influencerCampaigns,
  lisbonPlumbers,
  portoStays,
  ugcCreators,
} from './groups.js';

/** A need described in the buyer's own words, without naming the trade. */
export const vague: EvalRequestInput[] = [
  { lang: 'en', say: 'my bathroom is leaking, i live in lisbon', expect: lisbonPlumbers },
  {
    lang: 'en',
    say: 'the roof drips every time it rains. porto area',
    expect: ['telhados-do-norte'],
  },
  { lang: 'en', say: 'need a bed for 2 nights in porto next weekend', expect: portoStays },
  { lang: 'en', say: 'where can i eat a francesinha in porto', expect: ['francesinha-do-bairro'] },
  { lang: 'en', say: 'my beard is a mess lol anyone in soho', expect: ['soho-barber'] },
  {
    lang: 'en',
    say: "we're getting married in sintra next year and need a place for 150 guests",
    expect: ['sintra-palace-weddings'],
  },
  {
    lang: 'en',
    say: 'the walls in my flat in madrid need a fresh coat',
    expect: ['hermanos-gil-pinturas'],
  },
  {
    lang: 'en',
    say: 'my curly hair needs someone who actually knows curls, rio',
    expect: ['ipanema-hair'],
  },
  {
    lang: 'en',
    say: 'need nice photos of my new restaurant for instagram, lisbon',
    expect: ['foco-fotografia', 'social-mood'],
  },
  {
    lang: 'en',
    say: 'heating stopped working and its freezing, im in london',
    expect: ['brixton-plumbing'],
  },
  { lang: 'en', say: 'water heater broke this morning, faro', expect: ['aquaflux-faro'] },
  {
    lang: 'en',
    say: 'somebody to film my hotel from the air in porto',
    expect: ['rui-costa-video'],
  },
  {
    lang: 'en',
    say: 'we need food for 80 people at a company party in madrid',
    expect: ['la-mesa-catering'],
  },
  {
    lang: 'en',
    say: 'want my hair done for a wedding in barcelona',
    expect: ['peluqueria-born'],
  },
  {
    lang: 'en',
    say: 'locked out of my flat in lisbon, the lock is broken',
    expect: ['serralharia-nunes'],
  },
  {
    lang: 'en',
    say: 'who can put together ikea furniture and hang shelves in lisbon',
    expect: ['lisbon-handy-help'],
  },
  {
    lang: 'en',
    say: 'need to get my brand in front of tiktok audiences in brazil',
    expect: brazilInfluencerMarketing,
  },
  {
    lang: 'en',
    say: 'ok so the tiles in our shower came off and now water gets behind the wall, we are in lisbon near graça, who do i call',
    expect: ['ladrilhos-ferreira', 'rocha-canalizacoes', 'obra-feita'],
  },

  {
    lang: 'pt-PT',
    say: 'tenho uma fuga de água na cozinha, moro em lisboa',
    expect: lisbonPlumbers,
  },
  {
    lang: 'pt-PT',
    say: 'a luz foi abaixo e o quadro não liga, moro no porto',
    expect: ['eletro-douro'],
  },
  {
    lang: 'pt-PT',
    say: 'preciso de ficar bonita para um casamento no sábado, estou em lisboa',
    expect: ['beatriz-matos-makeup', 'salao-rosa-chiado'],
  },
  {
    lang: 'pt-PT',
    say: 'quero lançar a minha marca de cosmética no instagram',
    expect: influencerCampaigns,
  },
  {
    lang: 'pt-PT',
    say: 'a casa de banho está velha e quero remodelar tudo, porto',
    expect: ['remodela-porto'],
  },
  { lang: 'pt-PT', say: 'quero pestanas maiores para o verão, lisboa', expect: ['olhar-de-seda'] },
  {
    lang: 'pt-PT',
    say: 'a cozinha está a cair aos bocados, quero mudar tudo, sou de braga',
    expect: ['minho-verde'],
  },
  {
    lang: 'pt-PT',
    say: 'sítio para dormir em coimbra perto da universidade',
    expect: ['hostel-quebra-costas'],
  },
  {
    lang: 'pt-PT',
    say: 'o disjuntor está sempre a disparar lá em casa em alvalade',
    expect: ['luz-certa', 'lisbon-handy-help'],
  },
  {
    lang: 'pt-PT',
    say: 'preciso de fotos bonitas para o casamento da minha irmã no porto',
    expect: ['rui-costa-video'],
  },
  {
    lang: 'pt-PT',
    say: 'o esquentador não acende, estou na parede',
    expect: ['canalizacoes-linha'],
  },
  {
    lang: 'pt-PT',
    say: 'boa tarde, estou a organizar o batizado do meu filho em lisboa para 60 pessoas e precisava de alguém que tratasse da comida',
    expect: ['sabores-de-belem'],
  },

  {
    lang: 'pt-BR',
    say: 'o vaso entupiu e a água não desce, moro em sp',
    expect: ['hidraulica-paulista'],
  },
  {
    lang: 'pt-BR',
    say: 'minhas unhas estão horríveis, alguém em sp?',
    expect: ['nail-bar-jardins', 'salao-bela-paulista'],
  },
  {
    lang: 'pt-BR',
    say: 'festa de aniversário de 5 anos do meu filho em são paulo',
    expect: ['buffet-alegria'],
  },
  {
    lang: 'pt-BR',
    say: 'a tomada tá soltando faísca, moro na tijuca',
    expect: ['eletrica-saens-pena'],
  },
  { lang: 'pt-BR', say: 'cabelo crespo, quero fazer box braids em bh', expect: ['belo-cachos'] },
  {
    lang: 'pt-BR',
    say: 'quero relaxar um dia inteiro com massagem em sp',
    expect: ['spa-urbano-itaim'],
  },
  { lang: 'pt-BR', say: 'o ar condicionado não gela, rio', expect: ['eletrica-saens-pena'] },
  {
    lang: 'pt-BR',
    say: 'preciso de alguém pra montar móveis e pendurar quadros em moema',
    expect: ['marido-de-aluguel-moema'],
  },
  {
    lang: 'pt-BR',
    say: 'tá pingando do teto do meu apê em guarulhos quando chove',
    expect: ['telhados-guarulhos'],
  },
  {
    lang: 'pt-BR',
    say: 'vou casar em niterói e preciso de um lugar pra festa',
    expect: ['casa-niteroi-eventos'],
  },
  {
    lang: 'pt-BR',
    say: 'quero vídeos de gente usando meu produto de skincare pro tiktok',
    expect: ugcCreators,
  },
  { lang: 'pt-BR', say: 'comida mineira boa em bh', expect: ['trem-bao'] },
  {
    lang: 'pt-BR',
    say: 'oi tudo bem então eu preciso urgente de alguém que conserte um vazamento no banheiro aqui em copacabana hoje ainda se possível',
    expect: ['hidro-rio'],
  },
];
