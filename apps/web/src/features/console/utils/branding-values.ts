import type { ColorName, ColorSettings } from '@sideline/contract/channel';
import type { Branding, BrandingUpdate } from '@sideline/contract/console';
import type { Language } from '@sideline/contract/constants';

/** The nine colours in the order the form and the preview show them (spec section 9). */
export const COLOR_NAMES = [
  'header-background',
  'header-text-color',
  'body-background',
  'body-text-color',
  'footer-background',
  'footer-text-color',
  'primary-color',
  'primary-text-color',
  'live-color',
] as const satisfies readonly ColorName[];

/** What the branding form edits: every field a string, as inputs hold them (empty means none, lists comma-separated). */
export type BrandingFormValues = {
  name: string;
  short_name: string;
  description: string;
  language: Language;
  currency: string;
  time_zone: string;
  colors: ColorSettings;
  google_tag: string;
  yare_analytics_key: string;
  sentry_dsn: string;
  geo_allow: string;
  geo_block: string;
};

/** `us, ca ,` is `['US', 'CA']`. */
export const parseCountryCodes = (value: string): string[] =>
  value
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);

const orNull = (value: string) => (value.trim() ? value.trim() : null);

export function toFormValues(branding: Branding): BrandingFormValues {
  return {
    name: branding.name,
    short_name: branding.short_name,
    description: branding.description,
    language: branding.language,
    currency: branding.currency,
    time_zone: branding.time_zone,
    colors: { ...branding.colors },
    google_tag: branding.google_tag ?? '',
    yare_analytics_key: branding.yare_analytics_key ?? '',
    sentry_dsn: branding.sentry_dsn ?? '',
    geo_allow: branding.geo.allow?.join(', ') ?? '',
    geo_block: branding.geo.block.join(', '),
  };
}

type FullUpdate = Required<Omit<BrandingUpdate, 'api_key' | 'logo'>>;

/** The form's values as the API writes them: empty keys are none, an empty allow list is every country (null). */
export function toUpdate(values: BrandingFormValues): FullUpdate {
  const allow = parseCountryCodes(values.geo_allow);
  return {
    name: values.name.trim(),
    short_name: values.short_name.trim(),
    description: values.description,
    language: values.language,
    currency: values.currency.trim(),
    time_zone: values.time_zone.trim(),
    colors: values.colors,
    google_tag: orNull(values.google_tag),
    yare_analytics_key: orNull(values.yare_analytics_key),
    sentry_dsn: orNull(values.sentry_dsn),
    geo: { allow: allow.length ? allow : null, block: parseCountryCodes(values.geo_block) },
  };
}

const sameColor = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The PATCH body: only the fields whose value differs from the saved branding, and of the colours only those that
 * changed (the API takes a partial `colors`). Empty when nothing changed. Colours compare case-blind: the picker
 * writes lower case, the seed may hold upper.
 */
export function changedFields(saved: Branding, values: BrandingFormValues): Omit<BrandingUpdate, 'api_key'> {
  const next = toUpdate(values);
  const body: Omit<BrandingUpdate, 'api_key'> = {};
  const colors: Partial<ColorSettings> = {};
  for (const name of COLOR_NAMES) {
    if (!sameColor(saved.colors[name], values.colors[name])) colors[name] = values.colors[name];
  }
  if (Object.keys(colors).length) body.colors = colors;
  const fields = [
    'name',
    'short_name',
    'description',
    'language',
    'currency',
    'time_zone',
    'google_tag',
    'yare_analytics_key',
    'sentry_dsn',
  ] as const;
  for (const field of fields) {
    if (saved[field] !== next[field]) Object.assign(body, { [field]: next[field] });
  }
  if (!sameJson(saved.geo, next.geo)) body.geo = next.geo;
  return body;
}
