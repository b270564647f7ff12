import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { OfflineNotice } from './offline-notice';
import { PageLoader } from './page-loader';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

afterEach(() => vi.restoreAllMocks());

describe('offline', () => {
  it('says so instead of an endless spinner, and spins again once back online', async () => {
    await setLanguage('en');
    render(<PageLoader />);
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    act(() => goOffline(true));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain("You're offline.");
    act(() => goOffline(false));
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
  });

  it('tells a signed-in screen it shows what was last loaded, in Portuguese too', async () => {
    await setLanguage('pt');
    const { container } = render(<OfflineNotice />);
    expect(container.textContent).toBe('');
    act(() => goOffline(true));
    expect(screen.getByRole('status').textContent).toBe(
      'Você está sem conexão. Mostrando o que foi carregado por último; atualiza quando a conexão voltar.',
    );
    await setLanguage('en');
  });
});
