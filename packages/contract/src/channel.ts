import { z } from 'zod';
import {
  bodySchema,
  currencySchema,
  hexColorSchema,
  idSchema,
  querySchema,
  safeHtmlSchema,
  text,
  urlOrPathSchema,
} from './common';
import { LANGUAGES } from './constants';

/*
 * The channel's own enumerations live here, not in enums.ts: only these schemas use them (the API and the console),
 * and enums.ts is in a chunk of a fan's first load, which would carry them for the console.
 */
export const MENU_TARGETS = ['internal', 'external'] as const;
export const SLIDABLE_TYPES = [
  'event',
  'participant',
  'participant_group',
  'event_category',
  'package',
  'url',
] as const;
export type SlidableType = (typeof SLIDABLE_TYPES)[number];
export const CLIENT_INTERFACES = ['web'] as const;

export const languageSchema = z.enum(LANGUAGES);

export const prerollSchema = z
  .object({
    id: idSchema,
    url: urlOrPathSchema,
    weight: z.number().int().min(0),
    location_id: idSchema.nullable(),
    event_categories: z.array(idSchema),
    for_live: z.boolean(),
    for_vod: z.boolean(),
  })
  .meta({ id: 'Preroll' });
export type Preroll = z.infer<typeof prerollSchema>;

/** Public keys of optional providers; a provider that is absent is not configured for the channel. */
export const providersSchema = z.object({
  stripe: z.object({ publishable_key: z.string() }).nullable(),
  recaptcha: z.object({ site_key: z.string() }).nullable(),
  google: z
    .object({
      client_id: z.string(),
      /**
       * Only with the offline identity sandbox (no real Google client): where its OpenID Connect discovery document
       * is, relative to the site. Absent for Google itself, whose own button the client draws.
       */
      sandbox_discovery: z.string().optional(),
    })
    .nullable(),
  facebook: z.object({ app_id: z.string() }).nullable(),
  sentry: z.object({ dsn: z.string() }).nullable(),
});
export type Providers = z.infer<typeof providersSchema>;

const analyticsShape = {
  'google-analytics': z.object({ 'google-tag': z.string().nullable() }),
  'yare-analytics': z.object({
    'yare-analytics-key': z.string().nullable(),
    /** Where the analytics collector lives; the API's own collector by default. */
    host: z.string().nullable(),
  }),
};

/** `GET /channel.json`: what a client needs before its first API call. */
export const channelFileSchema = z
  .object({
    channel_key: z.string(),
    name: z.string(),
    api_host: z.string().describe('Base URL of the API, e.g. `/api` on the same origin'),
    language: languageSchema,
    currency: currencySchema,
    ...analyticsShape,
    prerolls: z.array(prerollSchema),
    providers: providersSchema,
  })
  .meta({ id: 'ChannelFile' });
export type ChannelFile = z.infer<typeof channelFileSchema>;

/** `GET /settings`: the channel's settings. */
export const channelSettingsSchema = z
  .object({
    name: z.string(),
    short_name: z.string(),
    description: z.string(),
    logo: urlOrPathSchema.nullable(),
    language: languageSchema,
    currency: currencySchema,
    time_zone: z.string(),
    contact_email: z.string().nullable(),
    contact_phone: z.string().nullable(),
    social_links: z.array(z.object({ name: z.string(), url: z.string() })),
    ...analyticsShape,
    prerolls: z.array(prerollSchema),
  })
  .meta({ id: 'ChannelSettings' });
export type ChannelSettings = z.infer<typeof channelSettingsSchema>;

/** Theme colours of the web interface; the client derives the opacity steps of spec section 9. */
export const colorSettingsSchema = z
  .object({
    'header-background': hexColorSchema,
    'header-text-color': hexColorSchema,
    'body-background': hexColorSchema,
    'body-text-color': hexColorSchema,
    'footer-background': hexColorSchema,
    'footer-text-color': hexColorSchema,
    'primary-color': hexColorSchema,
    'primary-text-color': hexColorSchema,
    'live-color': hexColorSchema,
  })
  .meta({ id: 'ColorSettings' });
export type ColorSettings = z.infer<typeof colorSettingsSchema>;
export type ColorName = keyof ColorSettings;

export type MenuItem = {
  id: number;
  name: string;
  url: string;
  target: (typeof MENU_TARGETS)[number];
  position: number;
  children: MenuItem[];
};
export const menuItemSchema: z.ZodType<MenuItem> = z
  .object({
    id: idSchema,
    name: z.string(),
    url: urlOrPathSchema,
    target: z.enum(MENU_TARGETS),
    position: z.number().int(),
    get children() {
      return z.array(menuItemSchema);
    },
  })
  .meta({ id: 'MenuItem' });

export const pageSchema = z
  .object({
    id: idSchema,
    url: z.string().describe('Path of the page without the leading slash, e.g. `about`'),
    name: z.string(),
    alt_name: z.string().nullable(),
  })
  .meta({ id: 'Page' });
export type Page = z.infer<typeof pageSchema>;
export const pageDetailSchema = pageSchema.extend({ content: safeHtmlSchema }).meta({ id: 'PageDetail' });
export type PageDetail = z.infer<typeof pageDetailSchema>;
export const pageParamsSchema = z.strictObject({ url: text().regex(/^[a-z0-9][a-z0-9_-]{0,99}$/) });

/** The fan's language for texts the channel has in several (pages, FAQ): the channel's own text when it has none. */
export const localizedQuerySchema = querySchema({ lang: languageSchema.optional() });

export const faqSchema = z
  .object({ id: idSchema, question: z.string(), answer: safeHtmlSchema, position: z.number().int() })
  .meta({ id: 'Faq' });
export type Faq = z.infer<typeof faqSchema>;

export const slideSchema = z
  .object({
    id: idSchema,
    type: z.string(),
    title: z.string(),
    subtitle: z.string().nullable(),
    image: urlOrPathSchema,
    slidable_type: z.enum(SLIDABLE_TYPES),
    slidable_id: idSchema.nullable(),
    url: urlOrPathSchema.nullable().describe('Target when slidable_type is `url`'),
    position: z.number().int(),
  })
  .meta({ id: 'Slide' });
export type Slide = z.infer<typeof slideSchema>;

export const slidesQuerySchema = querySchema({ type: text().max(40).optional() });
export const clientInterfaceParamsSchema = z.strictObject({ client_interface: z.enum(CLIENT_INTERFACES) });
export const bootstrapQuerySchema = querySchema({ client_interface: z.enum(CLIENT_INTERFACES) });
/** The channel bootstrap: colours and slides for one client interface, in one call. */
export const bootstrapSchema = z
  .object({ colors: colorSettingsSchema, slides: z.array(slideSchema) })
  .meta({ id: 'ChannelBootstrap' });
export type Bootstrap = z.infer<typeof bootstrapSchema>;

export const getApiKeyBodySchema = z.strictObject({ channel_key: text().min(1).max(128) });
export const apiKeySchema = z.object({ api_key: z.string(), expires_at: z.iso.datetime() }).meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const keyedBodySchema = bodySchema({});
