import { franc } from 'franc-min';
import { normalize } from './text.js';

export type Language = 'en' | 'pt';

/**
 * Words that only one of the two languages uses, written without accents. Short messages ("e em
 * Braga?", "obrigado", "thanks") are judged by these; words both share ("a", "no", "do", "me",
 * "hotel", "spa") are left out.
 */
const ENGLISH = new Set(
  (
    "the you your i i'm im it it's is are was be been can could would will should what which who " +
    'how why when hi hello hey hiya thanks thank thx ty cheers bye goodbye welcome and or of to for ' +
    'with in on at by from this that these those there here find need needs want wants looking look ' +
    'search show some someone somebody something anyone any near nearby close closer closest cheap ' +
    'cheaper cheapest affordable please good great best nice one ones about tell more where ' +
    'somewhere instead also too really very just my mine our we they them their its not yes yeah ' +
    'okay lol haha next first second third last other another else than then if but so much many ' +
    'plumber electrician painter builder roofer tiler carpenter hairdresser barber nails lashes ' +
    'makeup artist wedding venue room rooms stay hire get got does did have has had help ' +
    'us our around between budget luxury high end price prices quote under over without'
  ).split(/\s+/),
);

const PORTUGUESE = new Set(
  (
    'o os um uma uns umas e em na nas nos da das dos de ao aos pelo pela para pra com sem ' +
    'que qual quais quem quando onde como porque porquê eu tu voce voces ele ela eles elas ' +
    'meu minha meus minhas seu sua teu tua mim nao sim tambem so muito muita mais menos ' +
    'ola oi obrigado obrigada obrigadao valeu brigado brigada tchau adeus bom boa bons ' +
    'dia tarde noite tudo bem beleza favor preciso precisava quero queria procuro procurava ' +
    'gostaria tem esta estou sou moro fica perto longe aqui ali la ai barato barata baratos ' +
    'baratas baratinho caro cara algum alguma alguem ninguem nenhum nenhuma outro outra ' +
    'fala fale falar conta diz diga mostra mostre ajuda ajudar consegues consegue podes pode ' +
    'isso isto esse essa este esta aquele primeiro primeira segundo segunda terceiro terceira ' +
    'ultimo ultima canalizador encanador eletricista pintor pedreiro telhado telhados obras ' +
    'obra reforma remodelacao cabeleireiro cabeleireira barbearia barbeiro unhas pestanas ' +
    'cilios maquilhagem maquiagem maquilhadora maquiadora casamento festa jantar almoco ' +
    'restaurante alojamento pousada quarto quartos estadia empresa agencia fotografo ' +
    'influenciadores influenciador orcamento preco precos kkk kkkk rs vc tb pq ne'
  ).split(/\s+/),
);

function wordScore(words: string[]): { en: number; pt: number } {
  let en = 0;
  let pt = 0;
  for (const word of words) {
    if (ENGLISH.has(word)) en += 1;
    if (PORTUGUESE.has(word)) pt += 1;
  }
  return { en, pt };
}

/**
 * The language of one message, or undefined when it cannot tell (a place name alone, "???").
 * `ignore` are phrases to leave out first, such as the place names read from the message, so
 * "barber near Marquês de Pombal" is not taken for Portuguese.
 */
export function detectLanguage(text: string, ignore: string[] = []): Language | undefined {
  let plain = normalize(text).replaceAll('’', "'");
  for (const phrase of ignore) {
    if (phrase) plain = plain.replaceAll(normalize(phrase), ' ');
  }
  const words = plain.match(/[\p{L}']+/gu) ?? [];
  const { en, pt } = wordScore(words);
  const letters = plain.replaceAll(/[^\p{L}]/gu, '').length;
  // Trigrams need some text; below that, and when the words clearly lean one way, words decide.
  if (letters >= 30 && Math.abs(en - pt) < 3) {
    const code = franc(text, { only: ['eng', 'por'], minLength: 10 });
    if (code === 'eng') return 'en';
    if (code === 'por') return 'pt';
  }
  if (en > pt) return 'en';
  if (pt > en) return 'pt';
  // Letters only Portuguese writes, when words could not tell ("maquilhagem já").
  if (/[ãõç]/.test(text)) return 'pt';
  return undefined;
}
