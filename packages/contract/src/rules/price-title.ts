import type { Offer } from '../enums';
import { currencySymbol } from './currency';

export type PriceTitleInput = {
  base_price: number;
  offer: Offer | null;
  period: number | null;
};

/**
 * The spec's price title: currency, symbol and base price, then a slash with the optional period count and
 * the offer, e.g. `USD $9.99 / monthly` or `USD $99.00 / 2 annual`.
 */
export function priceTitle(pass: PriceTitleInput, currency: string): string {
  const head = `${currency.toUpperCase()} ${currencySymbol(currency)}${pass.base_price.toFixed(2)}`;
  if (!pass.offer) return head;
  const count = pass.period && pass.period > 1 ? `${pass.period} ` : '';
  return `${head} / ${count}${pass.offer}`;
}
