import type { DictionaryOf } from './dictionary';

/** English: the default language and the type source of every translation (fr and bg must match its keys). */
export const en = {
  app: {
    loading: 'Loading…',
    loadingPage: 'Loading the page',
    skipToContent: 'Skip to main content',
    regionBlocked: 'This service is geo-restricted: its games can’t be shown in your region.',
  },
  nav: {
    main: 'Main menu',
    brandHome: '{{name}}, home',
    menu: 'Menu',
    signIn: 'Sign in',
    account: 'My account',
    opensInNewTab: '(opens in a new tab)',
    language: 'Language',
    more: 'More',
  },
  languages: { en: 'English', fr: 'Français', bg: 'Български' },
  footer: {
    /** The column of the channel's other things to watch: the video library and Moments (clips). */
    watch: 'Watch',
    library: 'Video library',
    moments: 'Moments',
    pages: 'Information',
    contact: 'Contact',
    follow: 'Follow us',
    rights: 'All rights reserved.',
    poweredBy: 'Streaming by Sideline',
  },
  errors: {
    technicalTitle: 'We’ll be right back',
    technicalMessage: 'The service is experiencing technical difficulties. Please try again in a moment.',
    reload: 'Reload',
    reloadIn: 'You can reload in {{seconds}} s',
    chunkTitle: 'This page didn’t load',
    chunkMessage: 'The connection may be slow or interrupted. Check it and try again.',
    unexpectedTitle: 'Something went wrong',
    tooManyRequests: 'Too many requests. Please wait a moment and try again',
    somethingWentWrong: 'Something went wrong. Please try again or contact technical support',
    retry: 'Try again',
  },
  toast: { region: 'Notifications', dismiss: 'Dismiss' },
  dialog: { ok: 'OK', cancel: 'Cancel' },
  home: {
    featured: 'Featured',
    previous: 'Previous slide',
    next: 'Next slide',
    slideOf: 'Slide {{index}} of {{total}}',
  },
} as const;

/** The shape every language must fill, key for key. */
export type Dictionary = DictionaryOf<typeof en>;
