import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { PlaceSuggestion } from '@maya/contracts';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultView } from '../../components/location-fields';
import i18n, { setLanguage } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { lisbPlaces } from '../../test/fixtures';
import { stubApi, urlOf } from '../../test/render-app';
import { AddressSearch } from '.';

afterEach(async () => {
  await act(() => setLanguage('en'));
});

function renderSearch(onPick: (place: PlaceSuggestion) => void = () => undefined) {
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <AddressSearch onPick={onPick} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** The place searches the page asked for, as query strings. */
const searchesOf = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/places')
    .map((url) => Object.fromEntries(url.searchParams));

describe('the address search', () => {
  it('suggests towns as one types, and hands the one chosen with the keyboard to the form', async () => {
    const fetchMock = stubApi(null, { '/api/v1/places': lisbPlaces });
    const onPick = vi.fn();
    renderSearch(onPick);
    const box = await screen.findByRole('combobox', { name: 'Find your town or city' });
    fireEvent.change(box, { target: { value: 'lisb' } });

    const listbox = await screen.findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'LisbonPortugal',
      'LisburnNorthern Ireland, United Kingdom',
    ]);
    expect(screen.getByText('Place names: GeoNames (geonames.org), CC BY 3.0')).toBeTruthy();
    expect(searchesOf(fetchMock)).toEqual([{ q: 'lisb', limit: '5', lang: 'en' }]);

    // The first suggestion is highlighted: the arrow moves to the second, Enter takes it.
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(lisbPlaces.items[1]);
    expect((box as HTMLInputElement).value).toBe('Lisburn, Northern Ireland, United Kingdom');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('waits for two letters and a pause, and says when nothing matches', async () => {
    const fetchMock = stubApi(null, { '/api/v1/places': { items: [] } });
    renderSearch();
    const box = await screen.findByRole('combobox', { name: 'Find your town or city' });
    fireEvent.change(box, { target: { value: 'l' } });
    expect(await screen.findByText('Type the name of a town or city')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'qw' } });
    fireEvent.change(box, { target: { value: 'qwe' } });
    expect(await screen.findByText('No town or city of that name')).toBeTruthy();
    expect(searchesOf(fetchMock)).toEqual([{ q: 'qwe', limit: '5', lang: 'en' }]);
  });

  it('speaks Portuguese, and asks for country names in Portuguese', async () => {
    const fetchMock = stubApi(null, { '/api/v1/places': lisbPlaces });
    await act(() => setLanguage('pt'));
    renderSearch();
    const box = await screen.findByRole('combobox', { name: 'Procure sua cidade' });
    fireEvent.change(box, { target: { value: 'lisb' } });
    expect(await screen.findByRole('listbox')).toBeTruthy();
    expect(screen.getByText('Nomes de lugares: GeoNames (geonames.org), CC BY 3.0')).toBeTruthy();
    expect(searchesOf(fetchMock)).toEqual([{ q: 'lisb', limit: '5', lang: 'pt' }]);
  });
});

describe('the map’s opening view', () => {
  it('is the region of the visitor’s language until a point is chosen', () => {
    expect(defaultView('pt')).toEqual({ lat: 38.72, lng: -9.14, zoom: 6 });
    expect(defaultView('en')).toEqual({ lat: 51.51, lng: -0.13, zoom: 6 });
  });
});
