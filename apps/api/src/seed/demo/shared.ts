import type { Capability } from '@sideline/contract/enums';
import type { ChannelSeed } from '../types';

type Extras = ChannelSeed['extras'];

/** No optional provider is configured in the demo: sign-in with Google or Facebook, reCAPTCHA, Stripe, Sentry. */
export const demoProvidersOff: Pick<Extras, 'providers' | 'secrets'> = {
  providers: {
    stripePublishableKey: null,
    recaptchaSiteKey: null,
    googleClientId: null,
    facebookAppId: null,
    sentryDsn: null,
  },
  secrets: { recaptchaSecret: null, facebookAppSecret: null },
};

/**
 * What a new demo account may do before it has any pass: watch. Clipping, downloads and the rest come from the
 * passes a fan holds (the basic pass's trial, a plan, an add-on), with their counters' limits.
 */
export const demoAccountDefaults: Extras['accountDefaults'] = {
  capabilities: ['watch'],
  limits: { clips: 0, downloads: 0 },
};

/** What the basic pass's 30-day trial grants: the premium features, on top of what a free account may do. */
export const trialCapabilities: Capability[] = ['clipping', 'download_clip', 'download', 'vod_media_access', 'no_ads'];
/** Subscriptions: watch everything, with every premium feature. */
export const planCapabilities: Capability[] = ['watch', ...trialCapabilities];
/** Season, sport and team packages: watch their games live and on demand. */
export const packageCapabilities: Capability[] = ['watch', 'vod_media_access'];

/** The clip tags of the demo channels, named in each interface language. */
export const demoClipTags: NonNullable<ChannelSeed['clipTags']> = [
  { alias: 'highlight', names: { en: 'Highlight', fr: 'Temps fort', bg: 'Акцент' } },
  { alias: 'goal', names: { en: 'Goal', fr: 'But', bg: 'Гол' } },
  { alias: 'save', names: { en: 'Save', fr: 'Arrêt', bg: 'Спасяване' } },
  { alias: 'dunk', names: { en: 'Dunk', fr: 'Dunk', bg: 'Забиване' } },
  { alias: 'touchdown', names: { en: 'Touchdown', fr: 'Touché', bg: 'Тъчдаун' } },
  { alias: 'assist', names: { en: 'Assist', fr: 'Passe décisive', bg: 'Асистенция' } },
  { alias: 'fans', names: { en: 'Fans', fr: 'Supporters', bg: 'Фенове' } },
];
