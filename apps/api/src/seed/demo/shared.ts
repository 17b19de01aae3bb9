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

/** What a new demo account may do, and how many clips and downloads it gets. */
export const demoAccountDefaults: Extras['accountDefaults'] = {
  capabilities: ['watch', 'clipping', 'download_clip'],
  limits: { clips: 50, downloads: 5 },
};
