import type { Offer } from '@sideline/contract/enums';
import { useCallback } from 'react';
import { formatPrice } from '@/lib/format';
import { useTextLanguage } from '@/lib/text-namespace';
import { useCommerceText } from '@/locales/commerce/texts';
import { formatPriceTitle, type PriceTitleInput } from '../utils/price-title';

/** The price title and amounts in the fan's language (re-renders on a language switch). */
export function useMoney() {
  const t = useCommerceText();
  const lng = useTextLanguage();
  const offerWord = useCallback((offer: Offer) => t(`priceTitle.${offer}`), [t]);
  const title = useCallback((pass: PriceTitleInput) => formatPriceTitle(pass, lng, offerWord), [lng, offerWord]);
  const amount = useCallback((value: number, currency: string) => formatPrice(value, lng, currency), [lng]);
  return { title, amount, lng };
}
