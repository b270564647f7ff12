import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language.js';

describe("the language of the asker's newest message", () => {
  it.each([
    ['obrigado', 'pt'],
    ['olá', 'pt'],
    ['e em Braga?', 'pt'],
    ['canalizador barato lisboa', 'pt'],
    ['o segundo parece bem, fala-me mais dele', 'pt'],
    ['tem algo mais barato?', 'pt'],
    ['thanks', 'en'],
    ['hi', 'en'],
    ['and in Porto?', 'en'],
    ['cheaper ones?', 'en'],
    ['hi maya so my mum is visiting next month and we need somewhere nice to stay in porto', 'en'],
  ])('%s → %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('cannot tell from a place name or punctuation alone', () => {
    expect(detectLanguage('???')).toBeUndefined();
    expect(detectLanguage('Lisboa')).toBeUndefined();
  });

  it('leaves place names out, so an English request near a Portuguese landmark stays English', () => {
    expect(detectLanguage('barber near Marquês de Pombal', ['Marquês de Pombal'])).toBe('en');
  });
});
