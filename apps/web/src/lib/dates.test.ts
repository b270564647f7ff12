import { afterEach, describe, expect, it } from 'vitest';
import { formatStamp, formatWhen, setTimeZone } from './dates';
import i18n from './i18n';

afterEach(() => setTimeZone(undefined));

describe('chat times', () => {
  it('shows the time for today, the date for another day, where the dates are shown', async () => {
    await i18n.changeLanguage('en');
    setTimeZone('Europe/Lisbon');
    const now = new Date('2026-11-28T15:00:00Z');
    expect(formatWhen('2026-11-28T09:05:00Z', now)).toBe('09:05');
    expect(formatWhen('2026-11-27T23:30:00Z', now)).toBe('27 Nov 2026');
    expect(formatStamp('2026-11-28T09:05:00Z', now)).toBe('09:05');
    expect(formatStamp('2026-11-27T23:30:00Z', now)).toBe('27 Nov 2026, 23:30');
    // Past midnight in São Paulo, the same instant is still the day before there.
    setTimeZone('America/Sao_Paulo');
    expect(formatWhen('2026-11-28T02:30:00Z', now)).toBe('27 Nov 2026');
  });
});
