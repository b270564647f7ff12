import { describe, expect, it } from 'vitest';
import { mailLanguageOf } from './mail-language';

describe('mailLanguageOf', () => {
  it("names the web's Portuguese with its region, as the page's <html lang> does", () => {
    expect(mailLanguageOf('pt')).toBe('pt-BR');
    expect(mailLanguageOf('pt-PT')).toBe('pt-PT');
    expect(mailLanguageOf('en')).toBe('en');
    expect(mailLanguageOf('en-GB')).toBe('en');
    expect(mailLanguageOf('fr')).toBeUndefined();
    expect(mailLanguageOf(undefined)).toBeUndefined();
  });
});
