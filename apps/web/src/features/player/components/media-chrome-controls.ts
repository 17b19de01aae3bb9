import type { Language } from '@sideline/contract/constants';
import type { TFunction } from 'i18next';
import { applyMediaChromeLabels } from '../utils/media-chrome-labels';

let defined: Promise<void> | null = null;

/**
 * Defines media-chrome's elements, once: the player's tags, rendered before, upgrade in place around the video
 * that is already playing. Their code (about a third of the player's) and their first layout wait for the first
 * frame, so they never hold the picture back. The labels are set first: the controls read them as they are built.
 */
export function defineMediaChrome(lng: Language, t: TFunction<'player'>): Promise<void> {
  if (!defined) {
    applyMediaChromeLabels(lng, t);
    defined = import('media-chrome').then(() => undefined);
  }
  return defined;
}
