import type { Language } from '@sideline/contract/constants';
import type { TFunction } from 'i18next';
import { nextTask } from '@/lib/next-task';
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
    // The controller first, then the first buttons, the others, the seek bar, the volume and the time, each in a
    // later task: one definition task would be a long one on a phone, and so were two of these together.
    defined = import('./media-chrome-controller')
      .then(nextTask)
      .then(() => import('./media-chrome-elements'))
      .then(nextTask)
      .then(() => import('./media-chrome-buttons'))
      .then(nextTask)
      .then(() => import('./media-chrome-ranges'))
      .then(nextTask)
      .then(() => import('./media-chrome-levels'))
      .then(() => undefined);
  }
  return defined;
}
