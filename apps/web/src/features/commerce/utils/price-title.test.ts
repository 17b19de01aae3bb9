import { describe, expect, it } from 'vitest';
import { commerceBg } from '@/locales/commerce/bg';
import { commerceEn } from '@/locales/commerce/en';
import { commerceFr } from '@/locales/commerce/fr';
import { formatPriceTitle } from './price-title';

const words = { en: commerceEn, fr: commerceFr, bg: commerceBg } as const;
const title = (lng: keyof typeof words, pass: Parameters<typeof formatPriceTitle>[0]) =>
  formatPriceTitle(pass, lng, (offer) => words[lng].priceTitle[offer]);
// Intl separates thousands with a narrow no-break space in French and Bulgarian.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('price title', () => {
  it('keeps the spec order in English: code, symbol, base price, slash, offer', () => {
    expect(title('en', { base_price: 9.99, currency: 'USD', offer: 'monthly', period: 1 })).toBe('USD $9.99 / monthly');
    expect(title('en', { base_price: 99, currency: 'usd', offer: 'annual', period: 2 })).toBe('USD $99.00 / 2 annual');
    expect(title('en', { base_price: 4.5, currency: 'CAD', offer: null, period: null })).toBe('CAD $4.50');
  });

  it('writes the number and the offer the French way', () => {
    expect(title('fr', { base_price: 89.99, currency: 'EUR', offer: 'annual', period: null })).toBe(
      'EUR €89,99 / annuel',
    );
    expect(plain(title('fr', { base_price: 1234.5, currency: 'EUR', offer: 'monthly', period: 3 }))).toBe(
      'EUR €1 234,50 / 3 mensuel',
    );
  });

  it('writes the number and the offer the Bulgarian way', () => {
    expect(title('bg', { base_price: 89.99, currency: 'EUR', offer: 'annual', period: 1 })).toBe(
      'EUR €89,99 / годишно',
    );
    expect(title('bg', { base_price: 2.99, currency: 'EUR', offer: null, period: null })).toBe('EUR €2,99');
    expect(title('bg', { base_price: 12, currency: 'USD', offer: 'monthly', period: null })).toBe(
      'USD $12,00 / месечно',
    );
  });
});
