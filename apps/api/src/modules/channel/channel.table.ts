import type { ColorSettings } from '@sideline/contract/channel';
import type { FaqTranslations, PageTranslations } from '@sideline/contract/console-content';
import type { Capability } from '@sideline/contract/enums';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

/** Channel settings that are not columns: contact, social links, analytics keys, optional providers. */
export type ChannelExtras = {
  contactEmail: string | null;
  contactPhone: string | null;
  socialLinks: { name: string; url: string }[];
  googleTag: string | null;
  yareAnalyticsKey: string | null;
  analyticsHost: string | null;
  providers: {
    stripePublishableKey: string | null;
    recaptchaSiteKey: string | null;
    googleClientId: string | null;
    facebookAppId: string | null;
    sentryDsn: string | null;
  };
  /** What a new account may do, and the limits of its counters (null: unlimited). */
  accountDefaults: {
    capabilities: Capability[];
    limits: { clips: number | null; downloads: number | null };
  };
  /** Server-side secrets of optional providers; never sent to clients. */
  secrets: {
    recaptchaSecret: string | null;
    facebookAppSecret: string | null;
  };
  /**
   * Where the channel may be watched (ISO country codes): only in `allow` when it is set, never in `block`.
   * The service is geo-restricted (spec section 1); viewers elsewhere see the region message.
   */
  geo: { allow: string[] | null; block: string[] };
};

export const channels = pgTable('channels', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  shortName: text().notNull(),
  description: text().notNull().default(''),
  channelKey: text().notNull().unique(),
  language: text().notNull().default('en'),
  currency: text().notNull().default('USD'),
  timeZone: text().notNull().default('UTC'),
  logo: text(),
  colors: jsonb().$type<ColorSettings>().notNull(),
  extras: jsonb().$type<ChannelExtras>().notNull(),
  ...timestamps,
});

/** A row's channel: every channel-owned table has one, and a channel's removal takes its rows along. */
export const channelIdColumn = () =>
  integer()
    .notNull()
    .references(() => channels.id, { onDelete: 'cascade' });

/** Host names that pick a channel; one host belongs to one channel. */
export const channelHosts = pgTable('channel_hosts', {
  host: text().primaryKey(),
  channelId: channelIdColumn(),
});

export const menuItems = pgTable(
  'menu_items',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    parentId: integer(),
    name: text().notNull(),
    url: text().notNull(),
    target: text().$type<'internal' | 'external'>().notNull().default('internal'),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.channelId, t.position)],
);

export const pages = pgTable(
  'pages',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    url: text().notNull(),
    name: text().notNull(),
    altName: text(),
    /** Sanitized on write; the web app renders it as HTML. */
    content: text().notNull().default(''),
    position: integer().notNull().default(0),
    /** The name and content in languages other than the channel's, content sanitized on write too. */
    translations: jsonb().$type<PageTranslations>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.channelId, t.url)],
);

export const faqs = pgTable(
  'faqs',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    question: text().notNull(),
    /** Sanitized on write. */
    answer: text().notNull(),
    position: integer().notNull().default(0),
    /** The question and answer in languages other than the channel's, answer sanitized on write too. */
    translations: jsonb().$type<FaqTranslations>().notNull().default({}),
  },
  (t) => [index().on(t.channelId, t.position)],
);

export const slides = pgTable(
  'slides',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    clientInterface: text().notNull().default('web'),
    type: text().notNull().default('home'),
    title: text().notNull(),
    subtitle: text(),
    image: text().notNull(),
    slidableType: text().notNull(),
    slidableId: integer(),
    url: text(),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.channelId, t.clientInterface, t.type, t.position)],
);

export const prerolls = pgTable('prerolls', {
  id: serial().primaryKey(),
  channelId: channelIdColumn(),
  url: text().notNull(),
  weight: integer().notNull().default(1),
  locationId: integer(),
  eventCategories: integer().array().notNull().default([]),
  forLive: boolean().notNull().default(true),
  forVod: boolean().notNull().default(true),
});
