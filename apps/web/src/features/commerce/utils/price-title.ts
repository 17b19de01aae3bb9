import type { Language } from '@sideline/contract/constants';
import type { Offer } from '@sideline/contract/enums';
import { currencySymbol } from '@sideline/contract/rules/currency';
import { numberFormat } from '@sideline/contract/rules/intl-formats';
import { LOCALES } from '@/lib/format';

export type PriceTitleInput = { base_price: number; currency: string; offer: Offer | null; period: number | null };

/**
 * The spec's price title in the fan's language: its order stays (currency code, symbol, base price, then a
 * slash with the optional period count and the offer) but the number is laid out the language's way and the
 * offer is a word of the language, e.g. `USD $9.99 / monthly`, `EUR €89,99 / annuel`, `EUR €89,99 / годишно`.
 * Pure: the offer's word comes from the caller's texts.
 */
export function formatPriceTitle(pass: PriceTitleInput, lng: Language, offerWord: (offer: Offer) => string): string {
  const code = pass.currency.toUpperCase();
  const amount = numberFormat(LOCALES[lng], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    pass.base_price,
  );
  const head = `${code} ${currencySymbol(code)}${amount}`;
  if (!pass.offer) return head;
  const count = pass.period && pass.period > 1 ? `${pass.period} ` : '';
  return `${head} / ${count}${offerWord(pass.offer)}`;
}
