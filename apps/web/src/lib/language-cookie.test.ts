import { afterEach, describe, expect, it } from 'vitest';
import i18n, { setLanguage } from './i18n';
import { LANGUAGE_COOKIE } from './language-cookie';

const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .map((pair) => pair.split('='))
    .find(([key]) => key === name)?.[1];

describe('the language cookie', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('is written in the same step as the stored language, so a page asked for at once is drawn in it', async () => {
    const seen: Array<[string | null, string | undefined]> = [];
    const listener = () => seen.push([localStorage.getItem('language'), cookie(LANGUAGE_COOKIE)]);
    i18n.on('languageChanged', listener);
    try {
      await setLanguage('pt');
      expect(seen).toEqual([['pt', 'pt']]);
    } finally {
      i18n.off('languageChanged', listener);
    }
  });
});
