import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NegotiationSettings, NegotiationSettingsBody, Service } from '@maya/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { buyer, renderApp, seller, stubApi, urlOf } from '../../test/render-app';

const wedding: Service = {
  id: '01900000-0000-7000-8000-0000000000c1',
  name: 'Wedding photography',
  description: 'The whole day.',
  priceFrom: 90000,
  priceTo: 150000,
  unit: 'event',
  currency: 'EUR',
};
const portrait: Service = {
  id: '01900000-0000-7000-8000-0000000000c2',
  name: 'Portrait session',
  description: '',
  priceFrom: 4000,
  priceTo: null,
  unit: 'hour',
  currency: 'BRL',
};
const pro: NegotiationSettings = {
  enabled: false,
  available: true,
  answerAfterMinutes: 10,
  atOnceWhenOffline: true,
  counterLimit: 3,
  blockedDates: [],
  services: [],
};

/** /account for a business with two services and `settings`; a PUT answers `put(body)`. */
function stubAccount(
  settings: NegotiationSettings,
  put: (body: NegotiationSettingsBody) => Response = (body) =>
    json(200, { ...body, available: true }),
) {
  const fetchMock = stubApi(seller, {
    '/api/v1/me/services': { items: [wedding, portrait] },
    '/api/v1/me/negotiation': settings,
    '/api/v1/me/gallery': { gallery: [] },
  });
  const answer = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) =>
    urlOf(input) === '/api/v1/me/negotiation' && init?.method === 'PUT'
      ? put(JSON.parse(init.body as string) as NegotiationSettingsBody)
      : answer(input, init),
  );
  return fetchMock;
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': status < 400 ? 'application/json' : 'application/problem+json',
    },
  });
}

const puts = (fetchMock: ReturnType<typeof stubAccount>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

async function section() {
  const region = await screen.findByRole('region', { name: 'Maya answers for me' });
  await within(region).findByText('Wedding photography');
  return region;
}

/** Ticks a service and types its floor and keep-back. */
function offer(region: HTMLElement, name: string, floor: string, keepBack: string) {
  const group = within(region).getByRole('group', { name });
  fireEvent.click(within(group).getByRole('checkbox', { name: 'Maya may offer this' }));
  fireEvent.change(within(group).getByLabelText(/^Floor in/), { target: { value: floor } });
  fireEvent.change(within(group).getByLabelText(/^Keep-back in/), { target: { value: keepBack } });
  return group;
}

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('Maya’s settings on /account', () => {
  it('lists the business’s services with their listed prices, none ticked at first', async () => {
    stubAccount(pro);
    renderApp('/account');
    const region = await section();
    const wed = within(region).getByRole('group', { name: 'Wedding photography' });
    expect(within(wed).getByText('Listed price: €900.00 per event')).toBeTruthy();
    const port = within(region).getByRole('group', { name: 'Portrait session' });
    expect(within(port).getByText('Listed price: R$40.00 per hour')).toBeTruthy();
    expect(
      within(wed).getByRole<HTMLInputElement>('checkbox', { name: 'Maya may offer this' }).checked,
    ).toBe(false);
    expect(within(wed).queryByLabelText(/^Floor in/)).toBeNull();
    expect(
      within(region).getByRole<HTMLInputElement>('switch', {
        name: 'Let Maya answer my quote requests',
      }).disabled,
    ).toBe(false);
  });

  it('sends the whole settings with the ticked service’s floor and keep-back in minor units', async () => {
    const fetchMock = stubAccount(pro);
    renderApp('/account');
    const region = await section();
    fireEvent.click(
      within(region).getByRole('switch', { name: 'Let Maya answer my quote requests' }),
    );
    fireEvent.click(
      within(region).getByRole('checkbox', { name: 'Answer at once while I am offline' }),
    );
    fireEvent.mouseDown(within(region).getByRole('combobox', { name: 'Maya answers after' }));
    fireEvent.click(await screen.findByRole('option', { name: '1 hour' }));
    fireEvent.mouseDown(within(region).getByRole('combobox', { name: 'Counters Maya makes' }));
    fireEvent.click(await screen.findByRole('option', { name: '2' }));
    offer(region, 'Wedding photography', '700', '150,50');
    fireEvent.change(within(region).getByLabelText('A day you cannot take'), {
      target: { value: '2099-03-02' },
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Block this day' }));
    fireEvent.change(within(region).getByLabelText('A day you cannot take'), {
      target: { value: '2099-01-15' },
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Block this day' }));
    const chips = within(region).getByRole('list', { name: 'Days you cannot take' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Thu, 15 Jan 2099', 'Mon, 2 Mar 2099']);

    fireEvent.click(within(region).getByRole('button', { name: "Save Maya's settings" }));
    // The answer is checked with the contract schemas, loaded on the first save.
    expect(
      await screen.findByText("Maya's settings are saved", {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(JSON.parse(puts(fetchMock)[0]![1]!.body as string)).toEqual({
      enabled: true,
      answerAfterMinutes: 60,
      atOnceWhenOffline: false,
      counterLimit: 2,
      blockedDates: ['2099-01-15', '2099-03-02'],
      services: [{ serviceId: wedding.id, floor: 70000, keepBack: 15050 }],
    });
  });

  it('refuses a floor plus keep-back above the listed price at the floor, sending nothing', async () => {
    const fetchMock = stubAccount(pro);
    renderApp('/account');
    const region = await section();
    const group = offer(region, 'Portrait session', '35', '10');
    fireEvent.click(within(region).getByRole('button', { name: "Save Maya's settings" }));
    const floor = within(group).getByLabelText(/^Floor in/);
    await waitFor(() => expect(floor.getAttribute('aria-invalid')).toBe('true'));
    const message = 'The floor plus the keep-back (R$45.00) is above the listed price, R$40.00.';
    expect(within(group).getByText(message)).toBeTruthy();
    const described = floor.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(message);
    expect(document.activeElement).toBe(floor);
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it('refuses a day before today', async () => {
    stubAccount(pro);
    renderApp('/account');
    const region = await section();
    fireEvent.change(within(region).getByLabelText('A day you cannot take'), {
      target: { value: '2020-01-01' },
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Block this day' }));
    expect(await within(region).findByText('Choose today or a later day.')).toBeTruthy();
    expect(within(region).getByText('No blocked days.')).toBeTruthy();
  });

  it('shows the server’s field message at the field it names, keeping what was typed', async () => {
    stubAccount(pro, () =>
      json(400, {
        type: 'about:blank',
        title: 'Bad request',
        status: 400,
        code: 'VALIDATION_FAILED',
        detail: 'Some settings are not valid.',
        errors: {
          'services.1.floor': 'The floor plus the keep-back must not be above the listed price.',
        },
      }),
    );
    renderApp('/account');
    const region = await section();
    offer(region, 'Wedding photography', '700', '100');
    const group = offer(region, 'Portrait session', '30', '5');
    fireEvent.click(within(region).getByRole('button', { name: "Save Maya's settings" }));
    expect(
      await within(group).findByText(
        'The floor plus the keep-back must not be above the listed price.',
      ),
    ).toBeTruthy();
    expect(
      within(group)
        .getByLabelText(/^Floor in/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(within(group).getByLabelText<HTMLInputElement>(/^Floor in/).value).toBe('30');
    expect(within(region).getByRole('alert').textContent).toContain('Some settings are not valid.');
  });

  it('on the Free plan, disables the switch and says Maya is part of Pro, with the plans', async () => {
    const fetchMock = stubAccount({ ...pro, available: false });
    renderApp('/account');
    const region = await section();
    const toggle = within(region).getByRole<HTMLInputElement>('switch', {
      name: 'Let Maya answer my quote requests',
    });
    expect(toggle.disabled).toBe(true);
    const line = within(region).getByText(/Maya answering for you is part of the Pro plan/);
    expect(toggle.getAttribute('aria-describedby')).toBe(line.id);
    expect(within(region).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe(
      '/pricing',
    );
    fireEvent.click(within(region).getByRole('button', { name: "Save Maya's settings" }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(puts(fetchMock)[0]![1]!.body as string)).toMatchObject({ enabled: false });
  });

  it('says so when the business has no services, with the way to add them', async () => {
    stubApi(seller, {
      '/api/v1/me/services': { items: [] },
      '/api/v1/me/negotiation': pro,
      '/api/v1/me/gallery': { gallery: [] },
    });
    renderApp('/account');
    const region = await screen.findByRole('region', { name: 'Maya answers for me' });
    expect(await within(region).findByText(/You have no services yet/)).toBeTruthy();
    expect(
      within(region).getByRole('link', { name: 'Services and prices' }).getAttribute('href'),
    ).toBe('/account#services');
  });

  it('is not shown to a client', async () => {
    const fetchMock = stubApi(buyer, { '/api/v1/me/gallery': { gallery: [] } });
    renderApp('/account');
    await screen.findByRole('region', { name: 'Password' });
    expect(screen.queryByRole('region', { name: 'Maya answers for me' })).toBeNull();
    expect(
      fetchMock.mock.calls.some(([url]) => urlOf(url as RequestInfo).includes('negotiation')),
    ).toBe(false);
  });

  it('speaks Brazilian Portuguese, with the prices and days as Brazil writes them', async () => {
    await act(() => setLanguage('pt'));
    stubAccount({ ...pro, blockedDates: ['2099-01-15'] });
    renderApp('/account');
    const region = await screen.findByRole('region', { name: 'A Maya responde por mim' });
    const group = await within(region).findByRole('group', { name: 'Portrait session' });
    expect(within(group).getByText('Preço anunciado: R$ 40,00 por hora')).toBeTruthy();
    expect(
      within(region).getByRole('switch', {
        name: 'Deixar a Maya responder aos meus pedidos de orçamento',
      }),
    ).toBeTruthy();
    fireEvent.click(within(group).getByRole('checkbox', { name: 'A Maya pode oferecer este' }));
    expect(within(group).getByLabelText(/^Piso em Reais/)).toBeTruthy();
    const chips = within(region).getByRole('list', { name: 'Dias em que você não pode atender' });
    expect(within(chips).getByRole('listitem').textContent).toMatch(/15 de jan\.? de 2099/);
  });
});
