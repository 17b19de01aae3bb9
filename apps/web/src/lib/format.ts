import { DEFAULT_CURRENCY, type Language } from '@sideline/contract/constants';
import { currencySymbol } from '@sideline/contract/rules/currency';
import { dateTimeFormat, numberFormat } from '@sideline/contract/rules/intl-formats';

/** The region each interface language formats for. */
export const LOCALES: Record<Language, string> = { en: 'en-US', fr: 'fr-FR', bg: 'bg-BG' };

/**
 * A price in the channel currency, laid out the language's way, with the product's symbol: `$` for USD and CAD
 * (Intl would write `CA$`), e.g. `$9.99` in English, `9,99 €` in French and Bulgarian.
 */
export function formatPrice(amount: number, lng: Language, currency: string = DEFAULT_CURRENCY): string {
  const symbol = currencySymbol(currency);
  try {
    return numberFormat(LOCALES[lng], { style: 'currency', currency: currency.toUpperCase() })
      .formatToParts(amount)
      .map((part) => (part.type === 'currency' ? symbol : part.value))
      .join('');
  } catch {
    return `${symbol}${amount.toFixed(2)}`;
  }
}

/**
 * A measured figure with a fixed number of decimals, written the language's way: `2.0` in English, `2,0` in
 * French and Bulgarian; large values are grouped (`1,250` / `1 250`).
 */
export function formatDecimal(value: number, lng: Language, digits = 0): string {
  return numberFormat(LOCALES[lng], { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** A calendar date, e.g. `Saturday, November 22` / `samedi 22 novembre` / `събота, 22 ноември`. */
export function formatDate(date: Date, lng: Language, timeZone?: string): string {
  return dateTimeFormat(LOCALES[lng], { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(date);
}

/** A short date with the year, e.g. `Nov 22, 2025` / `22 nov. 2025`. */
export function formatShortDate(date: Date, lng: Language, timeZone?: string): string {
  return dateTimeFormat(LOCALES[lng], { dateStyle: 'medium', timeZone }).format(date);
}
