import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, seller, stubApi, urlOf } from '../../test/render-app';
import { forgetRestriction, rememberRestriction } from './restriction';

const decision = {
  id: '0190f0a0-0000-7000-8000-0000000000d1',
  kind: 'hide',
  ground: 'rules',
  rule: 'Terms 3.1: real businesses only',
  facts: 'The business does not exist at the address given',
  automated: false,
  until: null,
  effectiveAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  appealableUntil: '2099-05-20T10:00:00.000Z',
  appeal: null,
};

describe("the account's decisions", () => {
  it('shows the statement of reasons and sends an appeal', async () => {
    const fetchMock = stubApi(seller, {
      '/api/v1/me/gallery': { gallery: [] },
      '/api/v1/me/decisions/': {
        id: '0190f0a0-0000-7000-8000-0000000000a1',
        decisionId: decision.id,
        text: 'Here is my lease',
        status: 'open',
        outcomeDecisionId: null,
        createdAt: '2026-11-21T10:00:00.000Z',
        decidedAt: null,
      },
      '/api/v1/me/decisions': { decisions: [decision] },
    });
    renderApp('/account');

    const section = await screen.findByRole('region', { name: 'Decisions about your account' });
    const statement = within(section);
    // The section's heading can show before its decisions have arrived.
    expect(
      await statement.findByText('Your profile is hidden from the directory, its page and Maya.'),
    ).toBeTruthy();
    expect(statement.getByText(decision.facts)).toBeTruthy();
    expect(statement.getByText(decision.rule)).toBeTruthy();
    expect(
      statement.getByText('A person made this decision; no automated system made or applied it.'),
    ).toBeTruthy();

    fireEvent.change(statement.getByRole('textbox', { name: 'Why the decision should change' }), {
      target: { value: 'Here is my lease' },
    });
    fireEvent.click(statement.getByRole('button', { name: 'Appeal' }));
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(
        ([url, init]) =>
          urlOf(url).endsWith(`/me/decisions/${decision.id}/appeal`) && init?.method === 'POST',
      );
      expect(call && JSON.parse(call[1]!.body as string)).toEqual({ text: 'Here is my lease' });
    });
  });
});

describe('a decision that took a review down', () => {
  it('says so on the mailed link’s page, and that the account is not restricted', async () => {
    stubApi(null, {
      '/api/v1/decisions/statement': {
        ...decision,
        kind: 'remove_review',
        review: { id: '0190f0a0-0000-7000-8000-0000000000f1', part: 'review' },
        rule: 'Terms 5.2: honest reviews',
        facts: 'The review names a deal that did not happen',
      },
    });
    renderApp(`/appeal?token=${'B'.repeat(64)}`);
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'Your review was taken down: nobody else sees it, and it no longer counts in a rating. Your account is not restricted.',
      }),
    ).toBeTruthy();
    expect(screen.getByText('The review names a deal that did not happen')).toBeTruthy();
  });
});

describe('the mailed appeal link (/appeal)', () => {
  const TOKEN = 'A'.repeat(64);
  const suspension = {
    ...decision,
    kind: 'suspend',
    until: '2099-01-10T10:00:00.000Z',
    facts: 'Threats sent to two members',
  };
  const appealed = {
    id: '0190f0a0-0000-7000-8000-0000000000a2',
    decisionId: decision.id,
    text: 'My phone was stolen',
    status: 'open',
    outcomeDecisionId: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    decidedAt: null,
  };
  const problem = (status: number, code: string, detail: string) =>
    new Response(JSON.stringify({ type: 'about:blank', title: code, status, code, detail }), {
      status,
      headers: { 'content-type': 'application/problem+json' },
    });

  /** A signed-out browser; the appeal answered by `appeal`, once per call. */
  function stubLink(appeal: (() => Response)[]) {
    const fetchMock = stubApi(null, { '/api/v1/decisions/statement': suspension });
    const answered = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      urlOf(input).endsWith('/api/v1/decisions/appeal') ? appeal.shift()!() : answered(input, init),
    );
    return fetchMock;
  }
  const bodiesTo = (fetchMock: ReturnType<typeof vi.fn>, path: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => urlOf(url).endsWith(path) && init?.method === 'POST')
      .map(([, init]) => JSON.parse(init.body as string));

  it('reads the token signed out, takes it out of the address, shows the statement and appeals', async () => {
    const fetchMock = stubLink([
      () =>
        new Response(JSON.stringify(appealed), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
    ]);
    const { router } = renderApp(`/appeal?token=${TOKEN}`);

    await screen.findByRole('heading', { level: 1, name: 'Appeal a decision' });
    await screen.findByRole('heading', { level: 2, name: /^Your account is suspended until/ });
    expect(screen.getByText(suspension.facts)).toBeTruthy();
    expect(
      screen.getByText('A person made this decision; no automated system made or applied it.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/appeal');
    expect(router.state.location.search).toBe('');
    expect(bodiesTo(fetchMock, '/decisions/statement')[0]).toEqual({ token: TOKEN });
    expect(fetchMock.mock.calls.some(([url]) => urlOf(url).includes(TOKEN))).toBe(false);

    const form = screen.getByRole('form', { name: 'Your appeal' });
    fireEvent.click(within(form).getByRole('button', { name: 'Appeal' }));
    expect(await within(form).findByText('Write why the decision should change.')).toBeTruthy();
    expect(bodiesTo(fetchMock, '/decisions/appeal')).toEqual([]);

    fireEvent.change(
      within(form).getByRole('textbox', { name: /Why the decision should change/ }),
      {
        target: { value: 'My phone was stolen' },
      },
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Appeal' }));
    const confirmation = await screen.findByText(/^Your appeal was sent on/);
    expect(confirmation.closest('[aria-live="polite"]')).toBeTruthy();
    expect(bodiesTo(fetchMock, '/decisions/appeal')).toEqual([
      { token: TOKEN, text: 'My phone was stolen' },
    ]);
    expect(screen.queryByRole('form', { name: 'Your appeal' })).toBeNull();
  });

  it('says why an appeal was refused and keeps what was typed, then sends it again', async () => {
    stubLink([
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => problem(409, 'CONFLICT', 'You have already appealed this decision.'),
    ]);
    renderApp(`/appeal?token=${TOKEN}`);
    const form = await screen.findByRole('form', { name: 'Your appeal' });
    const text = within(form).getByRole('textbox', { name: /Why the decision should change/ });
    fireEvent.change(text, { target: { value: 'It was not me' } });

    fireEvent.click(within(form).getByRole('button', { name: 'Appeal' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/could not be sent/);
    expect((text as HTMLTextAreaElement).value).toBe('It was not me');

    fireEvent.click(within(form).getByRole('button', { name: 'Appeal' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        'You have already appealed this decision.',
      ),
    );
    expect((text as HTMLTextAreaElement).value).toBe('It was not me');
  });

  it('says a link it cannot open opens no decision, in neutral words', async () => {
    stubApi(null, {});
    renderApp(`/appeal?token=${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Not here');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('without a token, says where the page opens from', async () => {
    stubApi(null, {});
    renderApp('/appeal');
    await screen.findByText(/This page opens from the link in a mail/);
    expect(screen.getByRole('link', { name: /Decisions in your account/ })).toBeTruthy();
  });
});

describe("a report's frozen evidence in the console", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names who sent each message, as the report froze it', async () => {
    const subject = { id: '0190f0a0-0000-7000-8000-0000000000b1', name: 'Glow Studio' };
    const report = {
      id: '0190f0a0-0000-7000-8000-0000000000c1',
      source: 'member',
      subject: { ...subject, email: 'glow@example.test', role: 'seller' },
      subjectKind: 'message',
      reason: 'scam',
      legalGround: null,
      details: '',
      locationUrl: null,
      notifierName: null,
      status: 'open',
      decisionId: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      resolvedAt: null,
      evidence: {
        capturedAt: '2026-11-20T10:00:00.000Z',
        profile: null,
        messages: {
          chatId: '0190f0a0-0000-7000-8000-0000000000e1',
          reportedMessageId: 'm2',
          items: [
            { id: 'm1', senderId: 'client', senderName: 'Ana Silva', body: 'How much is it?' },
            { id: 'm2', senderId: subject.id, senderName: 'Glow Studio (then)', body: 'Pay me' },
            // Frozen before names were kept: the reported person is known by id.
            { id: 'm3', senderId: subject.id, body: 'Outside the site' },
            { id: 'm4', senderId: 'client', body: 'No' },
          ],
        },
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(urlOf(input), 'http://localhost').pathname;
        const body =
          path === '/api/v1/admin/session'
            ? {
                stage: 'signed-in',
                operator: {
                  id: '0190c8e4-7b5a-7cc2-9d0e-3b1f2a4c5d6f',
                  email: 'moderator@maya.test',
                  name: '',
                  role: 'moderator',
                  language: 'en',
                  createdAt: '2026-11-28T10:00:00.000Z',
                  disabledAt: null,
                },
                freshUntil: '2026-11-28T10:05:00.000Z',
              }
            : path === `/api/v1/admin/reports/${report.id}`
              ? report
              : undefined;
        return new Response(JSON.stringify(body ?? { status: 404, code: 'NOT_FOUND' }), {
          status: body ? 200 : 404,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderApp(`/admin/reports/${report.id}`);
    const list = await screen.findByRole('list', { name: 'The messages in context' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Ana SilvaHow much is it?',
      'Reported messageGlow Studio (then)Pay me',
      'Glow StudioOutside the site',
      'The other member of the chatNo',
    ]);
  });
});

describe("a review's report in the console", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the frozen review with the reported reply, and takes the reply down with the report', async () => {
    const subject = { id: '0190f0a0-0000-7000-8000-0000000000b1', name: 'Glow Studio' };
    const report = {
      id: '0190f0a0-0000-7000-8000-0000000000c2',
      source: 'member',
      subject: { ...subject, email: 'glow@example.test', role: 'seller' },
      subjectKind: 'review',
      subjectReviewId: '0190f0a0-0000-7000-8000-0000000000f1',
      subjectReviewPart: 'reply',
      reason: 'harassment',
      legalGround: null,
      details: '',
      locationUrl: null,
      notifierName: null,
      status: 'open',
      decisionId: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      resolvedAt: null,
      evidence: {
        capturedAt: '2026-11-20T10:00:00.000Z',
        profile: null,
        messages: null,
        review: {
          id: '0190f0a0-0000-7000-8000-0000000000f1',
          dealId: '0190f0a0-0000-7000-8000-0000000000e1',
          side: 'buyer',
          part: 'reply',
          rating: 2,
          text: 'Late and the photos were blurry.',
          reply: 'You are lying, and everyone will know.',
          authorId: '0190f0a0-0000-7000-8000-0000000000a9',
          authorName: 'Ana Silva',
          subjectId: subject.id,
          subjectName: subject.name,
          createdAt: '2026-11-18T10:00:00.000Z',
          repliedAt: '2026-11-19T10:00:00.000Z',
        },
      },
    };
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(urlOf(input), 'http://localhost').pathname;
        if (path === '/api/v1/admin/decisions' && init?.method === 'POST') {
          sent.push(JSON.parse(init.body as string));
          return new Response(JSON.stringify({ id: '0190f0a0-0000-7000-8000-0000000000d9' }), {
            status: 201,
            headers: { 'content-type': 'application/json' },
          });
        }
        const body =
          path === '/api/v1/admin/session'
            ? {
                stage: 'signed-in',
                operator: {
                  id: '0190c8e4-7b5a-7cc2-9d0e-3b1f2a4c5d6f',
                  email: 'moderator@maya.test',
                  name: '',
                  role: 'moderator',
                  language: 'en',
                  createdAt: '2026-11-28T10:00:00.000Z',
                  disabledAt: null,
                },
                freshUntil: '2026-11-28T10:05:00.000Z',
              }
            : path === `/api/v1/admin/reports/${report.id}`
              ? report
              : undefined;
        return new Response(JSON.stringify(body ?? { status: 404, code: 'NOT_FOUND' }), {
          status: body ? 200 : 404,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderApp(`/admin/reports/${report.id}`);
    await screen.findByRole('heading', { level: 3, name: 'The review' });
    expect(screen.getByText('Reported: the business’s reply')).toBeTruthy();
    expect(screen.getByRole('img', { name: '2 stars out of 5' })).toBeTruthy();
    expect(screen.getByText('By Ana Silva, about Glow Studio')).toBeTruthy();
    expect(screen.getByText('Late and the photos were blurry.')).toBeTruthy();
    expect(screen.getByText('Reply from Glow Studio')).toBeTruthy();
    expect(screen.getByText('You are lying, and everyone will know.')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Decision' }));
    const options = within(await screen.findByRole('listbox'));
    expect(options.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Dismiss',
      'Take the reply down',
      'Warn',
      'Hide the profile',
      'Suspend',
      'Terminate',
      'Restore',
    ]);
    fireEvent.click(options.getByRole('option', { name: 'Take the reply down' }));
    fireEvent.change(screen.getByRole('textbox', { name: /The rule or law applied/ }), {
      target: { value: 'Terms 5.2: no threats' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /The facts/ }), {
      target: { value: 'The reply threatens the client.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Decide' }));
    expect(await screen.findByText('Decided: Take the reply down.')).toBeTruthy();
    expect(sent).toEqual([
      {
        subjectUserId: subject.id,
        kind: 'remove_review',
        ground: 'rules',
        rule: 'Terms 5.2: no threats',
        facts: 'The reply threatens the client.',
        reportIds: [report.id],
      },
    ]);
  });
});

describe('a tab an operator signed out', () => {
  afterEach(() => forgetRestriction());

  it('says why once signed out', async () => {
    rememberRestriction({
      state: 'suspended',
      until: '2026-12-05T10:00:00.000Z',
      facts: 'Threats sent to two members',
    });
    stubApi(null);
    renderApp('/');
    const notice = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(notice.textContent).toContain('You were signed out: your account is suspended until');
    expect(notice.textContent).toContain('The reason: Threats sent to two members');
  });
});
