import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
    expect(
      statement.getByText('Your profile is hidden from the directory, its page and Maya.'),
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
