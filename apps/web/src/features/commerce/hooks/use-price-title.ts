import type { Offer } from '@sideline/contract/enums';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { formatPrice } from '@/lib/format';
import { formatPriceTitle, type PriceTitleInput } from '../utils/price-title';

/** The price title and amounts in the fan's language (re-renders on a language switch). */
export function useMoney() {
  const { t } = useTranslation('commerce');
  const lng = useLanguage();
  const offerWord = useCallback((offer: Offer) => t(`priceTitle.${offer}`), [t]);
  const title = useCallback((pass: PriceTitleInput) => formatPriceTitle(pass, lng, offerWord), [lng, offerWord]);
  const amount = useCallback((value: number, currency: string) => formatPrice(value, lng, currency), [lng]);
  return { title, amount, lng };
}
