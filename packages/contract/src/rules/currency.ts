import { DEFAULT_CURRENCY, DOLLAR_CURRENCIES } from '../constants';

const SYMBOLS: Record<string, string> = { EUR: '€', GBP: '£', BGN: 'лв', JPY: '¥', AUD: 'A$', NZD: 'NZ$' };

/** `$` for USD and CAD (spec section 9); the usual symbol for a few others; the code itself otherwise. */
export function currencySymbol(currency: string | null | undefined): string {
  const code = (currency ?? DEFAULT_CURRENCY).toUpperCase();
  if ((DOLLAR_CURRENCIES as readonly string[]).includes(code)) return '$';
  return SYMBOLS[code] ?? code;
}
