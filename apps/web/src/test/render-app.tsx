import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import type { PrivateUser } from '@maya/contracts';
import { routes } from '../app/router';
import { LanguageProvider } from '../lib/i18n/language-provider';
import { createQueryClient } from '../lib/query-client';

export const buyer: PrivateUser = {
  id: '01900000-0000-7000-8000-000000000001',
  role: 'buyer',
  fullName: 'Ana Silva',
  firstName: 'Ana',
  lastName: 'Silva',
  imageUrl: null,
  thumbnailUrl: null,
  description: 'Looking for a venue',
  category: null,
  location: { address: 'Lisbon', lat: 38.72, lng: -9.14 },
  email: 'ana@example.test',
  emailVerified: true,
  plan: 'free',
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const seller: PrivateUser = {
  ...buyer,
  id: '01900000-0000-7000-8000-000000000002',
  role: 'seller',
  category: 'beauty',
  fullName: 'Glow Studio',
  firstName: 'Glow',
  lastName: 'Studio',
};

/** The address a fetch call asked for, however it was given. */
export function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** Answers the app's API calls from a table; anything else is a 404 problem. */
export function stubApi(user: PrivateUser | null, extra: Record<string, unknown> = {}) {
  const answers: Record<string, unknown> = {
    '/api/v1/auth/session': { user },
    '/api/v1/users/featured': { items: [] },
    '/api/v1/config': { mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png', mapAttribution: 'x' },
    ...extra,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(urlOf(input), 'http://localhost');
    const key = Object.keys(answers).find(
      (path) => url.pathname === path || `${url.pathname}${url.search}`.startsWith(path),
    );
    if (key)
      return new Response(JSON.stringify(answers[key]), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    return new Response(
      JSON.stringify({
        type: 'about:blank',
        title: 'Not found',
        status: 404,
        code: 'NOT_FOUND',
        detail: 'Not here',
      }),
      { status: 404, headers: { 'content-type': 'application/problem+json' } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function renderApp(path: string, table: RouteObject[] = routes) {
  const router = createMemoryRouter(table, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <LanguageProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ToastContainer />
      </QueryClientProvider>
    </LanguageProvider>,
  );
  return { ...view, router };
}
