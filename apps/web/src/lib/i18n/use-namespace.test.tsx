import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { loadNamespace } from '.';
import { useNamespace } from './use-namespace';

function Line() {
  const ready = useNamespace('blocks');
  const { t } = useTranslation('blocks');
  return <p>{ready ? t('unblock') : 'waiting'}</p>;
}

/** The page's root as src/boot.tsx finds it, naming the namespaces its HTML was drawn with. */
function pageRoot(namespaces: string) {
  const root = document.createElement('div');
  root.id = 'root';
  root.dataset.namespaces = namespaces;
  document.body.append(root);
  return root;
}

/** Hydrates the HTML given in the page's root; the errors React recovered from are returned. */
async function hydrate(html: string, container = pageRoot('')) {
  container.innerHTML = html;
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Line />, { onRecoverableError: (error) => void errors.push(error) });
  });
  return { container, errors };
}

// Tells React that act() wraps these renders.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.getElementById('root')?.remove();
  i18n.removeResourceBundle('en', 'blocks');
});

describe('a part that shows a namespace of long texts', () => {
  it('hydrates as the server drew it though the browser already has the texts, then shows them', async () => {
    // The server drew the part before its texts were there.
    const html = renderToString(<Line />);
    await loadNamespace('blocks');
    const { container, errors } = await hydrate(html);
    expect(errors).toEqual([]);
    expect(container.textContent).toBe(i18n.t('blocks:unblock'));
  });

  it('hydrates the texts the page was drawn with as they are', async () => {
    await loadNamespace('blocks');
    const root = pageRoot('blocks');
    const html = renderToString(<Line />);
    expect(html).toBe(`<p>${i18n.t('blocks:unblock')}</p>`);
    const { container, errors } = await hydrate(html, root);
    expect(errors).toEqual([]);
    expect(container.textContent).toBe(i18n.t('blocks:unblock'));
  });

  it('shows the texts once they load', async () => {
    const { container } = await hydrate(renderToString(<Line />));
    await act(() => loadNamespace('blocks'));
    expect(container.textContent).toBe(i18n.t('blocks:unblock'));
  });
});
