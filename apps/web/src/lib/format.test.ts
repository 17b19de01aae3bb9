import { describe, expect, it } from 'vitest';
import { formatDate, formatDecimal, formatPrice, formatShortDate } from './format';
import { formatTime } from './format-time';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('prices', () => {
  it('uses $ for USD and CAD, in English by default currency', () => {
    expect(formatPrice(9.99, 'en')).toBe('$9.99');
    expect(formatPrice(9.99, 'en', 'USD')).toBe('$9.99');
    expect(formatPrice(1234.5, 'en', 'CAD')).toBe('$1,234.50');
  });

  it('lays the price out per language', () => {
    expect(nbsp(formatPrice(9.99, 'fr', 'EUR'))).toBe('9,99 €');
    expect(nbsp(formatPrice(1234.5, 'bg', 'EUR'))).toBe('1234,50 €');
    expect(nbsp(formatPrice(9.99, 'fr', 'CAD'))).toBe('9,99 $');
  });
});

describe('figures', () => {
  it('writes decimals with the language’s separator and the asked number of digits', () => {
    expect(formatDecimal(2, 'en', 1)).toBe('2.0');
    expect(formatDecimal(2, 'fr', 1)).toBe('2,0');
    expect(formatDecimal(2, 'bg', 1)).toBe('2,0');
    expect(formatDecimal(12.345, 'bg', 2)).toBe('12,35');
  });

  it('groups large whole numbers the language’s way', () => {
    expect(formatDecimal(12500, 'en')).toBe('12,500');
    expect(nbsp(formatDecimal(12500, 'fr'))).toBe('12 500');
    expect(nbsp(formatDecimal(12500, 'bg'))).toBe('12 500');
  });
});

describe('dates and times', () => {
  const kickoff = new Date('2025-11-22T19:00:00Z');

  it('writes dates in the interface language', () => {
    expect(formatDate(kickoff, 'en', 'UTC')).toBe('Saturday, November 22');
    expect(formatDate(kickoff, 'fr', 'UTC')).toBe('samedi 22 novembre');
    expect(formatDate(kickoff, 'bg', 'UTC')).toBe('събота, 22 ноември');
    expect(nbsp(formatShortDate(kickoff, 'fr', 'UTC'))).toBe('22 nov. 2025');
  });

  it('writes times with the zone abbreviation of the product map', () => {
    expect(nbsp(formatTime(kickoff, 'en', 'America/Chicago'))).toBe('1:00 PM CST');
    expect(formatTime(kickoff, 'fr', 'Europe/Paris')).toBe('20:00 CET');
    expect(nbsp(formatTime(kickoff, 'bg', 'Europe/Sofia'))).toMatch(/^21:00( ч\.)? EET$/);
  });
});
