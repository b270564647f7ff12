import { describe, expect, it } from 'vitest';
import { POINT_RADIUS_KM, searchRadiusKm } from './places.service.js';

describe('how far around a place a search reaches', () => {
  const at = { lat: 41.15, lng: -8.61 };

  it('is 15 km around a town, 30 km around a city of 500,000 or more', () => {
    expect(searchRadiusKm({ ...at, name: 'Porto', population: 249_633 })).toBe(15);
    expect(searchRadiusKm({ ...at, name: 'Lisbon', population: 517_802 })).toBe(30);
    // A town whose population is not known is a town.
    expect(searchRadiusKm({ ...at, name: 'Vila Nova' })).toBe(15);
  });

  it('is 3 km around a landmark or a district, 80 km around a region', () => {
    expect(
      searchRadiusKm({ ...at, name: 'Marquês de Pombal', population: 517_802, landmark: true }),
    ).toBe(3);
    expect(searchRadiusKm({ ...at, name: 'Graça', kind: 'district' })).toBe(3);
    expect(searchRadiusKm({ ...at, name: 'Algarve', kind: 'region' })).toBe(80);
  });

  it('is 50 km around a point with no place', () => {
    expect(searchRadiusKm()).toBe(50);
    expect(POINT_RADIUS_KM).toBe(50);
  });
});
