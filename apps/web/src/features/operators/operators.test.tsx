import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { AuditScreen } from './components/audit-screen';
import { Console, type ConsoleScreen } from './components/console';
import { OperatorsScreen } from './components/operators-screen';

// The console with its own screens only, whatever others the app's list adds.
const screens: ConsoleScreen[] = [
  { path: 'audit', label: 'operators:nav.audit', Screen: AuditScreen },
  { path: 'operators', label: 'operators:nav.operators', Screen: OperatorsScreen, adminOnly: true },
];
const consoleOnly = [{ path: '/admin/*', element: <Console screens={screens} /> }];

type Answer = { status: number; body: unknown };
type Handler = (init: RequestInit | undefined) => Answer;

const problem = (status: number, code: string, detail: string): Answer => ({
  status,
  body: { type: 'about:blank', title: code, status, code, detail },
});

/** The console's API as a table of `METHOD path` → answer; anything else is a 404 problem. */
function stubConsoleApi(routes: Record<string, Handler>) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push(key);
    const handler = routes[key];
    const { status, body } = handler ? handler(init) : problem(404, 'NOT_FOUND', 'Not here');
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const operator = (role: 'moderator' | 'admin', email = `${role}@maya.test`) => ({
  id:
    role === 'admin'
      ? '0190c8e4-7b5a-7cc2-9d0e-3b1f2a4c5d6e'
      : '0190c8e4-7b5a-7cc2-9d0e-3b1f2a4c5d6f',
  email,
  name: '',
  role,
  language: 'en',
  createdAt: '2026-11-28T10:00:00.000Z',
  disabledAt: null,
});

const signedIn =
  (role: 'moderator' | 'admin'): Handler =>
  () => ({
    status: 200,
    body: { stage: 'signed-in', operator: operator(role), freshUntil: '2026-11-28T10:05:00.000Z' },
  });

const auditRoutes: Record<string, Handler> = {
  'GET /api/v1/admin/audit': () => ({
    status: 200,
    body: {
      rows: [
        {
          seq: 2,
          at: '2026-11-28T10:00:00.000Z',
          operatorId: operator('moderator').id,
          operatorEmail: 'moderator@maya.test',
          action: 'operator.sign_in',
          subjectUserId: null,
          reason: '',
          evidenceIds: [],
          details: { method: 'totp' },
          hash: 'b'.repeat(64),
        },
      ],
      next: null,
    },
  }),
  'GET /api/v1/admin/audit/verification': () => ({
    status: 200,
    body: { rows: 2, intact: false, brokenAt: 1 },
  }),
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the operator console', () => {
  it('asks a visitor for an operator’s email and password, without the member site’s bars', async () => {
    stubConsoleApi({
      'GET /api/v1/admin/session': () => problem(401, 'UNAUTHENTICATED', 'Sign in'),
    });
    // The app's own route table: /admin is drawn apart from the member site's layout.
    renderApp('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Operator sign-in' });
    expect(screen.getByLabelText(/Password/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /sign in|sign up|join/i })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('shows a moderator the audit log with a broken chain, and no Operators screen', async () => {
    stubConsoleApi({ 'GET /api/v1/admin/session': signedIn('moderator'), ...auditRoutes });
    const { router } = renderApp('/admin', consoleOnly);
    await screen.findByRole('heading', { level: 1, name: 'Audit log' });
    expect(router.state.location.pathname).toBe('/admin/audit');
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Audit log']);
    expect(await screen.findByText(/The chain is broken at row 1/)).toBeTruthy();
    expect(screen.getByText('operator.sign_in')).toBeTruthy();
    expect(screen.getByText('By moderator@maya.test')).toBeTruthy();
  });

  it('asks for a fresh code when the server wants one, then sends the action again', async () => {
    let patches = 0;
    const sentCodes: unknown[] = [];
    const calls = stubConsoleApi({
      'GET /api/v1/admin/session': signedIn('admin'),
      ...auditRoutes,
      'GET /api/v1/admin/operators': () => ({
        status: 200,
        body: { operators: [operator('admin'), operator('moderator')] },
      }),
      'PATCH /api/v1/admin/operators/0190c8e4-7b5a-7cc2-9d0e-3b1f2a4c5d6f': () => {
        patches += 1;
        return patches === 1
          ? problem(403, 'FRESH_CODE_REQUIRED', 'Confirm this action with a new code.')
          : { status: 200, body: { ...operator('moderator'), role: 'admin' } };
      },
      'POST /api/v1/admin/session/code': (init) => {
        sentCodes.push(JSON.parse(init?.body as string));
        return signedIn('admin')(init);
      },
    });
    renderApp('/admin/operators', consoleOnly);
    await screen.findByRole('heading', { level: 1, name: 'Operators' });
    const role = await screen.findByRole('combobox', { name: 'Role of moderator@maya.test' });
    fireEvent.change(role, { target: { value: 'admin' } });

    const dialog = await screen.findByRole('dialog', { name: 'Confirm with a new code' });
    fireEvent.change(within(dialog).getByLabelText(/Six-digit code/), {
      target: { value: '123456' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(patches).toBe(2));
    expect(sentCodes).toEqual([{ code: '123456' }]);
    expect(calls.filter((call) => call.startsWith('PATCH'))).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows sign-in as soon as a call finds the session ended, without waiting for focus', async () => {
    let expired = false;
    stubConsoleApi({
      'GET /api/v1/admin/session': (init) =>
        expired ? problem(401, 'UNAUTHENTICATED', 'Sign in') : signedIn('admin')(init),
      'GET /api/v1/admin/operators': () =>
        expired
          ? problem(401, 'UNAUTHENTICATED', 'Sign in')
          : { status: 200, body: { operators: [operator('admin'), operator('moderator')] } },
      'PATCH /api/v1/admin/operators/0190c8e4-7b5a-7cc2-9d0e-3b1f2a4c5d6f': () =>
        problem(401, 'UNAUTHENTICATED', 'Sign in'),
    });
    renderApp('/admin/operators', consoleOnly);
    const role = await screen.findByRole('combobox', { name: 'Role of moderator@maya.test' });
    // The session ends on the server (expiry, or a sign-out elsewhere); the next action finds it.
    expired = true;
    fireEvent.change(role, { target: { value: 'admin' } });
    await screen.findByRole('heading', { level: 1, name: 'Operator sign-in' });
    expect(screen.queryByRole('navigation', { name: 'Console' })).toBeNull();
  });
});
