/**
 * Business constants and limits of the product spec, section 9.
 * Kept free of runtime dependencies so the web app's first chunk can import them cheaply.
 */

/** Every API call gives up after this long. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** After an api_key / channel_key error the client refetches the key and retries once, after this delay. */
export const KEY_ERROR_RETRY_DELAY_MS = 1_000;
export const KEY_ERROR_MAX_RETRIES = 1;
/** The technical-difficulties screen keeps its reload button disabled this long. */
export const RELOAD_BUTTON_LOCK_MS = 60_000;
/** A finished preroll is not shown again to the same user for the same event for this long (configurable). */
export const PREROLL_SUPPRESSION_MS = 3_600_000;
export const SESSION_CACHE_MS = 24 * 60 * 60 * 1000;
/** The outer-tracking query parameter `trk` is remembered this long. */
export const OUTER_TRACKING_TTL_MS = 3 * 60 * 60 * 1000;
export const OUTER_TRACKING_PARAM = 'trk';
export const ANALYTICS_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** "Storage TTL: long (value not shown)": we keep persisted client state for 30 days. */
export const STORAGE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Clips can take up to 5 minutes to be created. */
export const CLIP_CREATION_MAX_MS = 5 * 60 * 1000;
/** The longest clip a fan may cut, in seconds. */
export const CLIP_MAX_DURATION_S = 300;
/** A live game can be clipped this far back from its live edge (the live feed's rewind window is longer). */
export const LIVE_CLIP_DURATIONS_S = [30, 60] as const;
export const VOD_SEARCH_PAGE_SIZE = 10;
export const IMAGE_ASPECT_RATIO = 16 / 9;
export const CARD_ASPECT_RATIO = 1.78;
export const DEFAULT_CURRENCY = 'USD';
/** Currencies shown with the `$` symbol. */
export const DOLLAR_CURRENCIES = ['USD', 'CAD'] as const;
export const MONTHLY_RENEWAL_DAYS = 30;
export const ANNUAL_RENEWAL_MONTHS = 12;
export const LANGUAGES = ['en', 'fr', 'bg'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 14;
/** Cutoff date of the product (events before it are not listed). */
export const CUTOFF_DATE = '2022-08-01';
export const TOAST_DEFAULT_DURATION_MS = 5_000;
export const ORDER_POLL_INTERVAL_MS = 2_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PERSISTED_STATE_TIMEOUT_MS = 60_000;
/** On-demand rails scroll with this time value. */
export const VOD_RAIL_SCROLL_MS = 5_000;
export const CARD_MIN_WIDTH_PX = 280;
export const CARD_MAX_WIDTH_PX = 380;
/** The calendar starts one day (86400 s) before the list start. */
export const CALENDAR_START_SHIFT_S = 86_400;

/** Theme colour opacity steps (percent) turned into CSS custom properties. */
export const THEME_OPACITY_STEPS = {
  'footer-background': [20, 50, 70],
  'body-background': [10, 20, 50, 70],
  'body-text-color': [5, 10, 20, 30, 50, 70, 95],
  'header-text-color': [50],
  'header-background': [10, 50, 70],
} as const;
