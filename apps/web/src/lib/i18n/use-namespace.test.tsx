import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { loadNamespace } from '.';
import { setDrawnNamespaces, useNamespace } from './use-namespace';

function Line() {
  const ready = useNamespace('blocks');
  const { t } = useTranslation('blocks');
  return <p>{ready ? t('unblock') : 'waiting'}</p>;
}

/** Hydrates the HTML given in a fresh container; the errors React recovered from are returned. */
async function hydrate(html: string) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Line />, { onRecoverableError: (error) => void errors.push(error) });
  });
  return { container, errors };
}

// Tells React that act() wraps these renders.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  setDrawnNamespaces([]);
  i18n.removeResourceBundle('en', 'blocks');
});

describe('a part that shows a namespace of long texts', () => {
  it('is drawn by the server only with the namespaces its page was drawn with, whatever an earlier render loaded', async () => {
    await loadNamespace('blocks');
    setDrawnNamespaces([]);
    expect(renderToString(<Line />)).toBe('<p>waiting</p>');
    setDrawnNamespaces(['blocks']);
    expect(renderToString(<Line />)).toBe(`<p>${i18n.t('blocks:unblock')}</p>`);
  });

  it('hydrates as the server drew it though the browser already has the texts, then shows them', async () => {
    setDrawnNamespaces([]);
    const html = renderToString(<Line />);
    await loadNamespace('blocks');
    const { container, errors } = await hydrate(html);
    expect(errors).toEqual([]);
    expect(container.textContent).toBe(i18n.t('blocks:unblock'));
  });

  it('hydrates the texts the page was drawn with as they are', async () => {
    await loadNamespace('blocks');
    setDrawnNamespaces(['blocks']);
    const { container, errors } = await hydrate(renderToString(<Line />));
    expect(errors).toEqual([]);
    expect(container.textContent).toBe(i18n.t('blocks:unblock'));
  });

  it('shows the texts once they load', async () => {
    setDrawnNamespaces([]);
    const { container } = await hydrate(renderToString(<Line />));
    await act(() => loadNamespace('blocks'));
    expect(container.textContent).toBe(i18n.t('blocks:unblock'));
  });
});
