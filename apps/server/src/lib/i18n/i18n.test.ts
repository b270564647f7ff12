import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  catalogs,
  listOf,
  localeOf,
  localeOfAcceptLanguage,
  localeOfRequest,
  namespaces,
  wordsFor,
} from './index.js';
import { errorSentenceOf, errorTextIn, leaves } from './sentences.js';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** A catalog's keys with plural forms folded: `chat_one`, `chat_other` → `chat` → {one, other}. */
function keysOf(tree: unknown): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  for (const [key] of leaves(tree)) {
    const plural = PLURAL.exec(key);
    const base = plural ? key.slice(0, plural.index) : key;
    const forms = keys.get(base) ?? new Set<string>();
    if (plural) forms.add(plural[1]!);
    keys.set(base, forms);
  }
  return keys;
}

const variables = (sentence: string) =>
  [...sentence.matchAll(/{{\s*(\w+)[^}]*}}/g)].map((m) => m[1]).sort();

/** The namespaces whose translations name exactly the values of their English sentence. */
const strict = new Set(['auth', 'errors', 'notifications']);

const categories = (locale: string) =>
  new Set<string>(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);

describe("the server's catalogs", () => {
  it('have namespaces, each with English and Portuguese', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['auth', 'errors', 'notifications']));
    for (const namespace of namespaces) {
      expect(catalogs.pt[namespace], `${namespace}/pt.json`).toBeDefined();
    }
  });

  it.each(namespaces)(
    '%s: Portuguese has every English key, with every plural form its locale needs',
    (namespace) => {
      const english = keysOf(catalogs.en[namespace]);
      const portuguese = keysOf(catalogs.pt[namespace]);
      expect([...portuguese.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, forms] of english) {
        if (forms.size === 0) continue;
        expect(forms, `${namespace}:${key} (en)`).toEqual(categories('en'));
        expect(portuguese.get(key), `${namespace}:${key} (pt)`).toEqual(categories('pt'));
      }
    },
  );

  it.each(namespaces)(
    '%s: the pt-BR and pt-PT files hold only keys English has, with its plural forms',
    (namespace) => {
      const english = keysOf(catalogs.en[namespace]);
      for (const variant of ['pt-BR', 'pt-PT'] as const) {
        for (const [key, forms] of keysOf(catalogs[variant][namespace] ?? {})) {
          expect(english.has(key), `${namespace}:${key} (${variant})`).toBe(true);
          for (const form of forms) expect(categories(variant).has(form)).toBe(true);
        }
      }
    },
  );

  it.each(namespaces)(
    '%s: no sentence is empty, and every one names the same values',
    (namespace) => {
      const english = new Map(leaves(catalogs.en[namespace]));
      const base = (key: string) => key.replace(PLURAL, '');
      const englishVariables = new Map(
        [...english].map(([key, sentence]) => [base(key), variables(sentence)]),
      );
      const namespaceVariables = [...englishVariables.values()].flat();
      for (const file of ['en', 'pt', 'pt-BR', 'pt-PT'] as const) {
        for (const [key, sentence] of leaves(catalogs[file][namespace] ?? {})) {
          expect(sentence.trim(), `${namespace}:${key} (${file})`).not.toBe('');
          // A plural's one-form may say the number in words ("Uma mensagem nova"); the others not.
          if (/_one$/.test(key)) continue;
          if (strict.has(namespace)) {
            expect(variables(sentence), `${namespace}:${key} (${file})`).toEqual(
              englishVariables.get(base(key)),
            );
          } else {
            // Grammar may need other values (an article, a gender) than English: any the
            // namespace's English names somewhere.
            for (const name of variables(sentence)) expect(namespaceVariables).toContain(name);
          }
        }
      }
    },
  );
});

describe('locales', () => {
  it('read language tags: a bare pt is the web’s Portuguese, pt-BR; other regions are Portugal’s', () => {
    expect(localeOf('en')).toBe('en');
    expect(localeOf('en-GB')).toBe('en');
    expect(localeOf('pt')).toBe('pt-BR');
    expect(localeOf('pt-BR')).toBe('pt-BR');
    expect(localeOf('pt_br')).toBe('pt-BR');
    expect(localeOf('pt-PT')).toBe('pt-PT');
    expect(localeOf('pt-AO')).toBe('pt-PT');
    expect(localeOf('fr')).toBeUndefined();
    expect(localeOf(undefined)).toBeUndefined();
  });

  it('take the first language of Accept-Language that the server writes, by q', () => {
    expect(localeOfAcceptLanguage('fr-FR,fr;q=0.9,pt-PT;q=0.8,en;q=0.7')).toBe('pt-PT');
    expect(localeOfAcceptLanguage('en;q=0.5, pt-BR')).toBe('pt-BR');
    expect(localeOfAcceptLanguage('pt;q=0, en')).toBe('en');
    expect(localeOfAcceptLanguage('de, *')).toBeUndefined();
    expect(localeOfAcceptLanguage(undefined)).toBeUndefined();
  });

  it("take a request's language from the web's cookie first, then Accept-Language", () => {
    const headers = { 'accept-language': 'pt-PT,pt;q=0.9' };
    expect(localeOfRequest({ headers })).toBe('pt-PT');
    expect(localeOfRequest({ headers: { ...headers, cookie: 'a=1; maya_lang=en' } })).toBe('en');
    expect(localeOfRequest({ headers, cookies: { maya_lang: 'pt' } })).toBe('pt-BR');
    expect(localeOfRequest({ headers: {} })).toBe('en');
  });
});

describe('sentences', () => {
  it('fill in their placeholders, unescaped, in the locale asked for', () => {
    expect(wordsFor('en', 'auth')('hello', { name: 'Zoë & <Co>' })).toBe('Hello Zoë & <Co>,');
    expect(wordsFor('pt-PT', 'auth')('hello', { name: 'Zoë' })).toBe('Olá Zoë,');
  });

  it('take pt-BR words where Brazil says it differently, and fall back to pt, then English', () => {
    const portugal = wordsFor('pt-PT', 'auth');
    const brazil = wordsFor('pt-BR', 'auth');
    expect(portugal('passwordReset.subject')).toContain('palavra-passe');
    expect(brazil('passwordReset.subject')).toContain('senha');
    // pt-BR.json has no greeting of its own: pt's is the same in Brazil.
    expect(brazil('hello', { name: 'Ana' })).toBe('Olá Ana,');
    expect(wordsFor('fr', 'auth')('hello', { name: 'Ana' })).toBe('Hello Ana,');
  });

  it('choose plural forms with Intl.PluralRules and write numbers for the locale', () => {
    const en = wordsFor('en', 'notifications');
    const pt = wordsFor('pt-PT', 'notifications');
    const br = wordsFor('pt-BR', 'notifications');
    expect(en('digest.chat', { name: 'Ana', count: 1 })).toBe('Ana: 1 unread message');
    expect(en('digest.chat', { name: 'Ana', count: 1200 })).toBe('Ana: 1,200 unread messages');
    expect(pt('digest.chat', { name: 'Ana', count: 2 })).toBe('Ana: 2 mensagens por ler');
    expect(pt('digest.chat', { name: 'Ana', count: 1200 })).toBe('Ana: 1200 mensagens por ler');
    expect(br('digest.chat', { name: 'Ana', count: 1 })).toBe('Ana: 1 mensagem não lida');
    expect(br('digest.chat', { name: 'Ana', count: 1_000_000 })).toBe(
      'Ana: 1.000.000 mensagens não lidas',
    );
    expect(listOf('pt-PT', ['Ana', 'Bruno', 'Carla'])).toBe('Ana, Bruno e Carla');
  });

  it('find an English error text again, with its values, and write it in the locale', () => {
    expect(errorSentenceOf('Too many reset requests. Please wait 12 s and try again.')).toEqual({
      key: 'errors:auth.tooManyResets',
      values: { seconds: 12 },
    });
    expect(errorTextIn('pt-PT', 'This chat does not exist.')).toBe('Esta conversa não existe.');
    expect(errorTextIn('pt-BR', '"a.png" has too many pixels (at most 40,000,000).')).toBe(
      '"a.png" tem pixels demais (no máximo 40.000.000).',
    );
    expect(errorTextIn('pt-PT', 'No sentence of ours.')).toBe('No sentence of ours.');
    // The route limiter's refusal (plugins/limits.ts).
    expect(errorTextIn('pt-BR', 'Too many requests. Please wait 900 s and try again.')).toBe(
      'Requisições demais. Aguarde 900 s e tente de novo.',
    );
  });
});

/**
 * Prose in a template's code instead of a catalog: a string of three words or more, outside
 * comments, log calls, internal errors, metrics' help and HTML tags.
 */
function proseIn(file: string): string[] {
  const source = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\blog\??\.\w+\([\s\S]*?\);/g, '')
    .replace(/\bmailLater\(\s*'[\w-]+'/g, '')
    .replace(/\bnew Error\(`[^`]*`\)/g, '')
    // A metric's help is for operators.
    .replace(/\bhelp:\s*'[^']*'/g, '');
  const literals = [
    ...source.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g),
  ];
  return literals
    .map((match) =>
      match[0]
        .slice(1, -1)
        .replace(/\$\{[^}]*\}/g, ' ')
        .replace(/<[^>]*>/g, ' ')
        .replace(/&\w+;/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((text) => /\p{L}{2,}[ ,]+\p{L}{2,}[ ,]+\p{L}{2,}/u.test(text));
}

describe('the mail, page and notification templates', () => {
  const templates = [
    '../../modules/notifications/unread-mail.ts',
    '../../modules/notifications/unsubscribe-page.ts',
    '../../modules/notifications/push.service.ts',
    '../../modules/notifications/notifications.service.ts',
    '../../modules/auth/mailed-links.service.ts',
    '../../plugins/error-handler.ts',
    '../../plugins/realtime.ts',
  ].map((path) => join(import.meta.dirname, path));

  it.each(templates)('%s has no sentence of its own: its words are in the catalogs', (file) => {
    expect(proseIn(file)).toEqual([]);
  });

  it('the check finds prose where there is some', () => {
    const fixture = join(import.meta.dirname, 'fixtures', 'prose-template.ts.txt');
    expect(proseIn(fixture)).toEqual(['Hello there, you have mail', 'Open the chat now']);
  });
});

/** Every .ts file under a folder, tests and legacy routes left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'legacy' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('problem details written in code', () => {
  /**
   * The English texts the server's code still writes for people: an AppError's detail, and a
   * limiter's refusal (`message:` beside `{seconds}`); `${…}` and `{seconds}` stand for a value.
   */
  const written = sources(join(import.meta.dirname, '../..')).flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    const texts = [
      ...source.matchAll(
        /new AppError\(\s*[^,]+,\s*(?:\n\s*)?('(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`)/g,
      ),
      ...source.matchAll(/message:\s*('(?:[^'\\]|\\.)*\{seconds\}(?:[^'\\]|\\.)*')/g),
    ].map((match) => match[1]!.slice(1, -1).replace(/\$\{[^}]*\}|\{seconds\}/g, '7'));
    return texts.map((text) => [file.slice(file.indexOf('src/')), text] as const);
  });

  it('are found', () => {
    expect(written.length).toBeGreaterThan(30);
  });

  it.each(written)('%s: "%s" is a sentence of the errors catalog', (_file, text) => {
    expect(errorSentenceOf(text)).toBeDefined();
  });
});
