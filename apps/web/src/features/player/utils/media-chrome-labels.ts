import type { Language } from '@sideline/contract/constants';
import type { TFunction } from 'i18next';
import { addTranslation, setLanguage } from 'media-chrome/dist/utils/i18n.js';

/**
 * media-chrome names its controls (aria labels, tooltips) from its own dictionary, keyed by the English
 * phrase; it has no Bulgarian one. Ours are filled from the player's texts, so the controls speak the page's
 * language in all three, and set before the controls are created (they read them as they are built).
 */
export function applyMediaChromeLabels(lng: Language, t: TFunction<'player'>) {
  // media-chrome's placeholders are `{name}`; ours `{{name}}`: hand the single-brace form through.
  const keep = <Name extends string>(name: Name) => ({ [name]: `{${name}}` }) as Record<Name, string>;
  const label = (upper: string, lower: string) => ({ [upper]: lower, [upper.toLowerCase()]: lower });
  const labels: Record<string, string> = {
    ...label('Play', t('player.chrome.play')),
    ...label('Pause', t('player.chrome.pause')),
    ...label('Mute', t('player.chrome.mute')),
    ...label('Unmute', t('player.chrome.unmute')),
    ...label('Enter fullscreen mode', t('player.chrome.enterFullscreen')),
    ...label('Exit fullscreen mode', t('player.chrome.exitFullscreen')),
    ...label('Enter picture in picture mode', t('player.chrome.enterPip')),
    ...label('Exit picture in picture mode', t('player.chrome.exitPip')),
    'Playback rate': t('player.chrome.playbackRate'),
    'Playback rate {playbackRate}': t('player.chrome.playbackRateValue', keep('playbackRate')),
    'current playback rate': t('player.chrome.playbackRate'),
    seek: t('player.chrome.seek'),
    volume: t('player.chrome.volume'),
    'seek to live': t('player.chrome.seekToLive'),
    'playing live': t('player.chrome.playingLive'),
    'video player': t('player.chrome.videoPlayer'),
    'playback time': t('player.chrome.playbackTime'),
    'media loading': t('player.chrome.mediaLoading'),
    live: t('player.chrome.live'),
    '{currentTime} of {totalTime}': t('player.chrome.currentOfTotal', {
      ...keep('currentTime'),
      ...keep('totalTime'),
    }),
    '{time} remaining': t('player.chrome.remaining', keep('time')),
    'video not loaded, unknown time.': t('player.chrome.unknownTime'),
    hour: t('player.chrome.hour'),
    hours: t('player.chrome.hours'),
    minute: t('player.chrome.minute'),
    minutes: t('player.chrome.minutes'),
    second: t('player.chrome.second'),
    seconds: t('player.chrome.seconds'),
  };
  addTranslation(lng, labels as Parameters<typeof addTranslation>[1]);
  setLanguage(lng);
}
