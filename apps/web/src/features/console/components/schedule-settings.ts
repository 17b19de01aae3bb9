import { DEFAULT_CURRENCY } from '@sideline/contract/constants';
import { useBranding } from '../api/branding';

/** The channel's currency and time zone, as the console's branding has them (every staff role may read it). */
export function useScheduleSettings(): { currency: string; timeZone: string | undefined } {
  const branding = useBranding();
  return { currency: branding.data?.currency || DEFAULT_CURRENCY, timeZone: branding.data?.time_zone ?? undefined };
}
