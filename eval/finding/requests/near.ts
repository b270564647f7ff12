import type { EvalRequestInput } from '../types.js';
import { lisbonHairdressers } from './groups.js';

/** Near a place, a landmark or the asker ("near me", asked by a buyer with a saved location). */
export const near: EvalRequestInput[] = [
  { lang: 'en', say: 'barber near marquês de pombal', expect: ['barbearia-lusitana'] },
  { lang: 'en', say: 'hairdresser near chiado', expect: lisbonHairdressers },
  {
    lang: 'en',
    say: 'hotel near estoril',
    expect: ['hotel-baia-cascais', 'surf-lodge-carcavelos'],
  },
  { lang: 'en', say: 'nails near the estoril casino', expect: ['estoril-nails'] },
  { lang: 'en', say: 'electrician near parque das nações', expect: ['luz-certa'] },
  { lang: 'en', say: 'hotel near faria lima', expect: ['hotel-faria-lima'] },
  { lang: 'en', say: 'barber close to ipanema beach', expect: ['barbearia-lapa-raiz'] },
  { lang: 'en', say: 'hotel near retiro park', expect: ['hotel-retiro'] },
  { lang: 'en', say: 'hostel near sagrada familia', expect: ['barceloneta-beach-hostel'] },
  { lang: 'en', say: 'plumber near camp nou', expect: ['lampisteria-gracia'] },
  { lang: 'en', say: 'guesthouse near casa da música', expect: ['guest-house-cedofeita'] },
  { lang: 'en', say: 'surf hostel near carcavelos beach', expect: ['surf-lodge-carcavelos'] },
  {
    lang: 'en',
    say: 'barber near me',
    expect: ['barbearia-lusitana'],
    askerAt: { address: 'Largo do Rato 1, Lisboa', lat: 38.72, lng: -9.154 },
  },
  {
    lang: 'en',
    say: 'electrician near me',
    expect: ['voltio-electricidad'],
    askerAt: { address: 'Calle Mayor 5, Madrid', lat: 40.4165, lng: -3.706 },
  },
  { lang: 'en', say: 'lash studio near sants station', expect: ['pestanas-gracia'] },
  { lang: 'en', say: 'restaurant near the funchal cathedral', expect: ['espetada-da-se'] },
  { lang: 'en', say: 'hotel close to lisbon airport', expect: ['oriente-business-hotel'] },
  {
    lang: 'en',
    say: 'any good hairdresser around chiado who does balayage? had bad experiences before',
    expect: ['salao-rosa-chiado'],
  },

  {
    lang: 'pt-PT',
    say: 'cabeleireiro perto do marquês',
    expect: ['salao-rosa-chiado', 'cabeleireiro-popular-graca'],
  },
  {
    lang: 'pt-PT',
    say: 'hostel perto da sé de lisboa',
    expect: ['hostel-alfama-terrace', 'lisbon-budget-rooms'],
  },
  { lang: 'pt-PT', say: 'restaurante perto da torre de belém', expect: ['tasca-ze-manel'] },
  { lang: 'pt-PT', say: 'cabeleireiro perto do bom jesus em braga', expect: ['cabelo-e-arte'] },
  {
    lang: 'pt-PT',
    say: 'quinta para casamento perto de lisboa',
    expect: ['quinta-do-tejo', 'sintra-palace-weddings'],
  },
  { lang: 'pt-PT', say: 'pedreiro perto de matosinhos', expect: ['remodela-porto'] },
  {
    lang: 'pt-PT',
    say: 'canalizador perto de mim',
    expect: ['canalizacoes-invicta'],
    askerAt: { address: 'Av. dos Aliados 10, Porto', lat: 41.147, lng: -8.611 },
  },
  {
    lang: 'pt-PT',
    say: 'unhas de gel perto da avenida da liberdade',
    expect: ['nail-lab-saldanha'],
  },

  { lang: 'pt-BR', say: 'encanador perto da avenida paulista', expect: ['hidraulica-paulista'] },
  { lang: 'pt-BR', say: 'salão perto do metrô consolação', expect: ['salao-bela-paulista'] },
  { lang: 'pt-BR', say: 'hostel perto da lapa', expect: ['hostel-santa-teresa'] },
  {
    lang: 'pt-BR',
    say: 'pousada perto de mim',
    expect: ['pousada-jurere', 'floripa-surf-hostel'],
    askerAt: { address: 'Praça XV de Novembro, Florianópolis', lat: -27.597, lng: -48.549 },
  },
  {
    lang: 'pt-BR',
    say: 'salão de beleza perto de mim',
    expect: ['salao-bela-paulista'],
    askerAt: { address: 'Av. Paulista, 900, São Paulo', lat: -23.565, lng: -46.652 },
  },
  { lang: 'pt-BR', say: 'hotel perto do pelourinho', expect: ['pousada-pelourinho'] },
  { lang: 'pt-BR', say: 'boteco perto do aterro do flamengo', expect: ['boteco-flamengo'] },
  {
    lang: 'pt-BR',
    say: 'manicure perto do shopping ibirapuera',
    expect: ['nail-bar-jardins', 'salao-bela-paulista'],
  },

  // A place named in the message wins over the saved point; "near me" is then around that place.
  {
    lang: 'en',
    say: 'I am in Porto, is there a builder near me?',
    expect: ['remodela-porto'],
    askerAt: { address: 'Av. Central 50, Braga', lat: 41.5503, lng: -8.4229 },
  },
  {
    lang: 'pt-PT',
    say: 'estou no porto agora, ha algum canalizador perto de mim?',
    expect: ['canalizacoes-invicta'],
    askerAt: { address: 'Av. Central 50, Braga', lat: 41.5503, lng: -8.4229 },
  },
  {
    lang: 'en',
    say: "i'm in lisbon this week, any hostel near me",
    expect: ['hostel-alfama-terrace', 'lisbon-budget-rooms', 'casa-do-bairro'],
    askerAt: { address: 'Av. dos Aliados 10, Porto', lat: 41.147, lng: -8.611 },
  },
];
