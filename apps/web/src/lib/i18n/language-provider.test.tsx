import { act, lazy, Suspense, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n, { setLanguage } from '.';
import { LanguageProvider } from './language-provider';

/** A line of the interface strings, in a part whose code loads late. */
function Label() {
  const { t } = useTranslation();
  return <label>{t('auth.signIn')}</label>;
}

type Screen = ComponentType<{ Code: ComponentType }>;

/** A part of the screen around the late part, as a page has many. */
const Part: Screen = ({ Code }) => (
  <Suspense fallback={<span>…</span>}>
    <Code />
  </Suspense>
);

/** The language as the app gives it. */
const Provided: Screen = ({ Code }) => (
  <LanguageProvider>
    <Part Code={Code} />
  </LanguageProvider>
);

/** The language read from i18next's shared instance. */
const Shared: Screen = ({ Code }) => (
  <I18nextProvider i18n={i18n}>
    <Part Code={Code} />
  </I18nextProvider>
);

// Tells React that act() wraps these renders.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let english = '';
let portuguese = '';
beforeAll(async () => {
  await setLanguage('pt');
  portuguese = i18n.t('auth.signIn');
  await setLanguage('en');
  english = i18n.t('auth.signIn');
});

afterEach(async () => {
  document.getElementById('root')?.remove();
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

/**
 * The English HTML of `Screen`, hydrated with the part's code still on its way; then `change`
 * runs, given the code's arrival. The errors React recovered from, and the label's text after.
 */
async function hydrateThen(
  Screen: Screen,
  change: (arrive: () => void) => Promise<void>,
): Promise<{ errors: unknown[]; label: string | null | undefined }> {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(<Screen Code={Label} />);
  document.body.append(container);
  const errors: unknown[] = [];
  let arrive!: (module: { default: ComponentType }) => void;
  const Code = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));
  await act(async () => {
    hydrateRoot(container, <Screen Code={Code} />, {
      onRecoverableError: (error) => void errors.push(error),
    });
  });
  expect(container.querySelector('label')?.textContent).toBe(english);
  await change(() => arrive({ default: Label }));
  return { errors, label: container.querySelector('label')?.textContent };
}

/** Portuguese is chosen, then the part's code comes. */
const beforeTheCode = async (arrive: () => void) => {
  await act(async () => {
    await i18n.changeLanguage('pt');
  });
  await act(async () => arrive());
};

/** The code has come, and Portuguese is chosen before React takes the part up again. */
const asTheCodeComes = async (arrive: () => void) => {
  await act(async () => {
    arrive();
    void i18n.changeLanguage('pt');
  });
};

describe('LanguageProvider', () => {
  it('hydrates a late part in the language of its HTML, then shows the new one, when the language changes before its code comes', async () => {
    const { errors, label } = await hydrateThen(Provided, beforeTheCode);
    expect(errors).toEqual([]);
    expect(label).toBe(portuguese);
  });

  it('does so when the language changes as its code comes', async () => {
    const { errors, label } = await hydrateThen(Provided, asTheCodeComes);
    expect(errors).toEqual([]);
    expect(label).toBe(portuguese);
  });

  it('is what keeps it: read from the shared instance, the part hydrates in Portuguese against English HTML', async () => {
    for (const change of [beforeTheCode, asTheCodeComes]) {
      const { errors } = await hydrateThen(Shared, change);
      expect(String(errors[0])).toMatch(/Hydration failed/);
      document.getElementById('root')?.remove();
      await act(async () => {
        await i18n.changeLanguage('en');
      });
    }
  });
});
