import { z } from 'zod';
import { CLIENT_INTERFACES, MENU_TARGETS, SLIDABLE_TYPES } from './channel';
import { bodySchema, idSchema, safeHtmlSchema, text, urlOrPathSchema } from './common';
import { LANGUAGES } from './constants';

/**
 * The console's navigation and content: a channel's menu, extra pages, FAQ and slides, each listed, created, edited,
 * deleted and ordered (`position`, smallest first) by an operator. Page and FAQ HTML is sanitized by the server when
 * it is stored (no script, event handler or `javascript:` link survives); pages and FAQ entries carry their texts in
 * other languages than the channel's own (`translations`), which fans read in their language.
 */
export const CONTENT_KINDS = ['menu-items', 'pages', 'faqs', 'slides'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** Where a link may go: a path of the site, or an http(s), mailto or tel address; never `javascript:` or `data:`. */
export const linkSchema = text()
  .trim()
  .min(1)
  .max(2048)
  .regex(/^(\/(?!\/)|https?:\/\/|mailto:|tel:)/i, 'a path like /live or an address like https://example.com');
/** A page's address: lower-case letters, digits, dashes and underscores, like `about` (the fan app serves `/about`). */
export const pageUrlSchema = text().regex(/^[a-z0-9][a-z0-9_-]{0,99}$/, 'lower-case letters, digits and dashes');
const positionSchema = z.number().int().min(0).max(10_000);
const htmlInput = text().max(100_000);
const nameSchema = text().trim().min(1).max(200);

/** Texts per language other than the channel's own; a language or field left out falls back to the channel's text. */
const translationsOf = <T extends z.ZodRawShape>(shape: T) => z.partialRecord(z.enum(LANGUAGES), z.strictObject(shape));

const menuFields = {
  name: text().trim().min(1).max(80),
  url: linkSchema,
  target: z.enum(MENU_TARGETS),
  parent_id: idSchema.nullable(),
  position: positionSchema,
};
const pageTranslation = { name: nameSchema.optional(), content: htmlInput.optional() };
const pageFields = {
  url: pageUrlSchema,
  name: nameSchema,
  alt_name: text().trim().max(200).nullable(),
  content: htmlInput,
  position: positionSchema,
  translations: translationsOf(pageTranslation),
};
const faqTranslation = { question: text().trim().min(1).max(500).optional(), answer: htmlInput.optional() };
const faqFields = {
  question: text().trim().min(1).max(500),
  answer: htmlInput,
  position: positionSchema,
  translations: translationsOf(faqTranslation),
};
const slideFields = {
  client_interface: z.enum(CLIENT_INTERFACES),
  type: text().trim().min(1).max(40),
  title: text().trim().min(1).max(200),
  subtitle: text().trim().max(300).nullable(),
  image: urlOrPathSchema.min(1),
  slidable_type: z.enum(SLIDABLE_TYPES),
  slidable_id: idSchema.nullable(),
  url: linkSchema.nullable(),
  position: positionSchema,
};

/** What the console reads back: the stored row, HTML as sanitized. */
export const consoleMenuItemSchema = z
  .object({ id: idSchema, ...menuFields, name: z.string(), url: z.string() })
  .meta({ id: 'ConsoleMenuItem' });
export const consolePageSchema = z
  .object({
    id: idSchema,
    ...pageFields,
    name: z.string(),
    alt_name: z.string().nullable(),
    content: safeHtmlSchema,
    translations: z.partialRecord(
      z.enum(LANGUAGES),
      z.object({ name: z.string().optional(), content: safeHtmlSchema.optional() }),
    ),
  })
  .meta({ id: 'ConsolePage' });
export const consoleFaqSchema = z
  .object({
    id: idSchema,
    question: z.string(),
    answer: safeHtmlSchema,
    position: z.number().int(),
    translations: z.partialRecord(
      z.enum(LANGUAGES),
      z.object({ question: z.string().optional(), answer: safeHtmlSchema.optional() }),
    ),
  })
  .meta({ id: 'ConsoleFaq' });
export const consoleSlideSchema = z
  .object({
    id: idSchema,
    ...slideFields,
    type: z.string(),
    title: z.string(),
    subtitle: z.string().nullable(),
    image: z.string(),
    url: z.string().nullable(),
  })
  .meta({ id: 'ConsoleSlide' });

/** New rows: optional fields default to none, `position` to 0 (first), texts in other languages to none. */
export const newMenuItemSchema = bodySchema({
  ...menuFields,
  target: menuFields.target.default('internal'),
  parent_id: menuFields.parent_id.default(null),
  position: positionSchema.default(0),
});
export const newPageSchema = bodySchema({
  ...pageFields,
  alt_name: pageFields.alt_name.default(null),
  content: htmlInput.default(''),
  position: positionSchema.default(0),
  translations: pageFields.translations.default({}),
});
export const newFaqSchema = bodySchema({
  ...faqFields,
  position: positionSchema.default(0),
  translations: faqFields.translations.default({}),
});
export const newSlideSchema = bodySchema({
  ...slideFields,
  client_interface: slideFields.client_interface.default('web'),
  type: slideFields.type.default('home'),
  subtitle: slideFields.subtitle.default(null),
  slidable_type: slideFields.slidable_type.default('url'),
  slidable_id: slideFields.slidable_id.default(null),
  url: slideFields.url.default(null),
  position: positionSchema.default(0),
});

const partial = <T extends z.ZodRawShape>(shape: T) =>
  bodySchema(
    Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, (v as z.ZodType).optional()])) as unknown as {
      [K in keyof T]: z.ZodOptional<T[K]>;
    },
  );
/** A change: only the fields sent. `translations` replaces the row's whole set of translations. */
export const menuItemUpdateSchema = partial(menuFields);
export const pageUpdateSchema = partial(pageFields);
export const faqUpdateSchema = partial(faqFields);
export const slideUpdateSchema = partial(slideFields);

export type ConsoleMenuItem = z.infer<typeof consoleMenuItemSchema>;
export type ConsolePage = z.infer<typeof consolePageSchema>;
export type ConsoleFaq = z.infer<typeof consoleFaqSchema>;
export type ConsoleSlide = z.infer<typeof consoleSlideSchema>;
export type PageTranslations = ConsolePage['translations'];
export type FaqTranslations = ConsoleFaq['translations'];
