import type { Currency, DirectorySort, Role, Sector, ServiceUnit } from '@maya/contracts';
import { sectors } from '@maya/contracts/sectors';
import { currencies, serviceUnits } from '@maya/contracts/service-units';
import { useSearchParams } from 'react-router';
import type { DirectoryFilters } from '../types';

const RADII = [5, 10, 25, 50, 100, 500];
// Checked by hand rather than with the schemas: the directory draws without the schemas chunk.
const SORTS: readonly DirectorySort[] = ['relevance', 'distance', 'newest', 'price'];
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | '' =>
  list.find((item) => item === value) ?? '';
/** A budget in the URL: a positive amount in major units, else none. */
const amount = (value: string | null): number | null => {
  const number = value === null || value === '' ? NaN : Number(value);
  return Number.isFinite(number) && number >= 0 ? number : null;
};

/** The search a directory URL's query holds (the server renders the same one: prerender.tsx). */
export function filtersFromSearch(role: Role, params: URLSearchParams): DirectoryFilters {
  const near = params.get('near')?.split(',').map(Number);
  return {
    role,
    q: params.get('q') ?? '',
    category: oneOf<Sector>(sectors, params.get('category')),
    near:
      near && near.length === 2 && near.every(Number.isFinite)
        ? { lat: near[0]!, lng: near[1]! }
        : null,
    radiusKm: Number(params.get('radiusKm')) || 50,
    sort: oneOf(SORTS, params.get('sort')),
    minPrice: amount(params.get('minPrice')),
    maxPrice: amount(params.get('maxPrice')),
    currency: oneOf<Currency>(currencies, params.get('currency')) || 'EUR',
    unit: oneOf<ServiceUnit>(serviceUnits, params.get('unit')),
  };
}

/** The filters live in the URL, so a search can be shared, bookmarked and reloaded. */
export function useDirectoryFilters(role: Role) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(role, params);
  const update = (changes: Partial<Omit<DirectoryFilters, 'role'>>) => {
    const next = { ...filters, ...changes };
    const search = new URLSearchParams();
    if (next.q) search.set('q', next.q);
    if (next.category) search.set('category', next.category);
    if (next.near) {
      search.set('near', `${next.near.lat.toFixed(4)},${next.near.lng.toFixed(4)}`);
      search.set('radiusKm', String(next.radiusKm));
    }
    if (next.sort) search.set('sort', next.sort);
    if (next.minPrice !== null) search.set('minPrice', String(next.minPrice));
    if (next.maxPrice !== null) search.set('maxPrice', String(next.maxPrice));
    if (next.unit) search.set('unit', next.unit);
    if (next.minPrice !== null || next.maxPrice !== null || next.unit || next.currency !== 'EUR') {
      search.set('currency', next.currency);
    }
    if (params.get('view')) search.set('view', params.get('view')!);
    setParams(search, { replace: true });
  };
  const view = params.get('view') === 'map' ? 'map' : 'list';
  const setView = (next: 'list' | 'map') => {
    const search = new URLSearchParams(params);
    if (next === 'map') search.set('view', 'map');
    else search.delete('view');
    setParams(search, { replace: true });
  };
  return { filters, update, view, setView, radii: RADII };
}
