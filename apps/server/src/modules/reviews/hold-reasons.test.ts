import { describe, expect, it } from 'vitest';
import { holdReasons } from './reviews.policy.js';

describe('holdReasons: two accounts taken for one owner’s', () => {
  it('holds two accounts at one private domain', () => {
    expect(holdReasons('ana@casa-serena.pt', 'bookings@casa-serena.pt')).toEqual(['email_domain']);
    expect(holdReasons('Ana@Casa-Serena.PT', 'bookings@casa-serena.pt')).toEqual(['email_domain']);
  });

  it('holds nothing at two different domains, or at a domain many people share', () => {
    expect(holdReasons('ana@casa-serena.pt', 'bookings@glow.pt')).toEqual([]);
    expect(holdReasons('ana@gmail.com', 'glow.studio@gmail.com')).toEqual([]);
    expect(holdReasons('ana@sapo.pt', 'glow@sapo.pt')).toEqual([]);
  });

  it('holds nothing at a domain under a reserved name, which belongs to nobody (the demo’s)', () => {
    expect(
      holdReasons('ana.silva@demo.mayamarket.example', 'velvet-salon-7@demo.mayamarket.example'),
    ).toEqual([]);
    expect(holdReasons('a@shop.test', 'b@shop.test')).toEqual([]);
    // A private domain that merely ends in the same letters is not reserved.
    expect(holdReasons('a@myexample', 'b@myexample')).toEqual(['email_domain']);
  });
});
