import type { Language } from '@sideline/contract/constants';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@/lib/i18n';

/** The interface language; components re-render when the fan switches it. Pass it to the `lib/format` helpers. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}
