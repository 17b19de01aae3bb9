import { DEFAULT_CURRENCY } from '@sideline/contract/constants';
import { channelFile } from '@/config/channel';

/** The channel's currency, from the channel file read at startup (USD before it, as in unit tests). */
export function channelCurrency(): string {
  try {
    return channelFile().currency || DEFAULT_CURRENCY;
  } catch {
    return DEFAULT_CURRENCY;
  }
}
