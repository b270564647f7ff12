import { describe, expect, it } from 'vitest';
import { refuseMayaAccept, refuseMayaOffer } from './offer-guard.js';
import type { MayaService } from './strategy.js';

const PHOTOS = '0190a4a2-0000-7000-8000-000000000001';
const settings: { services: MayaService[]; blockedDates: string[] } = {
  services: [{ id: PHOTOS, listPrice: 100_000, currency: 'EUR', floor: 60_000, keepBack: 10_000 }],
  blockedDates: ['2030-06-02'],
};
const terms = (amount: number, overrides = {}) => ({
  serviceId: PHOTOS,
  price: { amount, currency: 'EUR' as const },
  when: { from: '2030-06-01', to: '2030-06-01' },
  ...overrides,
});

describe('the offer service’s own check of what Maya sends', () => {
  it('lets an offer between floor + keep-back and the list price through', () => {
    expect(refuseMayaOffer(terms(70_000), settings)).toBeNull();
    expect(refuseMayaOffer(terms(100_000), settings)).toBeNull();
  });

  it('refuses an offer below floor + keep-back or above the list price, whatever wrote it', () => {
    expect(refuseMayaOffer(terms(69_999), settings)).toBe('below_minimum');
    expect(refuseMayaOffer(terms(60_000), settings)).toBe('below_minimum');
    expect(refuseMayaOffer(terms(69_999.5), settings)).toBe('below_minimum');
    expect(refuseMayaOffer(terms(100_001), settings)).toBe('above_list');
  });

  it('refuses a service Maya may not offer, another currency and a blocked day', () => {
    const other = '0190a4a2-0000-7000-8000-000000000009';
    expect(refuseMayaOffer(terms(80_000, { serviceId: other }), settings)).toBe('unlisted_service');
    expect(
      refuseMayaOffer(terms(80_000, { price: { amount: 80_000, currency: 'BRL' } }), settings),
    ).toBe('other_currency');
    const blocked = { when: { from: '2030-06-01', to: '2030-06-03' } };
    expect(refuseMayaOffer(terms(80_000, blocked), settings)).toBe('blocked_date');
  });

  it('lets Maya accept a counter at the floor, not a cent below', () => {
    expect(refuseMayaAccept(terms(60_000), settings)).toBeNull();
    expect(refuseMayaAccept(terms(59_999), settings)).toBe('below_minimum');
    const blocked = { when: { from: '2030-06-02', to: '2030-06-02' } };
    expect(refuseMayaAccept(terms(90_000, blocked), settings)).toBe('blocked_date');
  });
});
