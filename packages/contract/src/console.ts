import { z } from 'zod';
import { emailField } from './auth';
import { colorSettingsSchema } from './channel';
import {
  bodySchema,
  currencySchema,
  idSchema,
  isoDateTimeSchema,
  pageMetaSchema,
  paginationShape,
  queryId,
  querySchema,
  text,
  urlOrPathSchema,
} from './common';
import { LANGUAGES } from './constants';
import { CONSOLE_PERMISSIONS, STAFF_ROLES } from './rules/console-roles';

export type { ConsolePermission, ConsoleRole, StaffRole } from './rules/console-roles';
export { CONSOLE_PERMISSIONS, CONSOLE_ROLES, permissionsOf, roleAllows, STAFF_ROLES } from './rules/console-roles';

export const staffRoleSchema = z.enum(STAFF_ROLES);

/** `GET /console/me`: who is signed in to the console, with which role on which channel. */
export const consoleMeSchema = z
  .object({
    user: z.object({ id: idSchema, email: z.string(), first_name: z.string(), last_name: z.string() }),
    role: staffRoleSchema,
    permissions: z.array(z.enum(CONSOLE_PERMISSIONS)),
    channel: z.object({ id: idSchema, slug: z.string(), name: z.string() }),
  })
  .meta({ id: 'ConsoleMe' });
export type ConsoleMe = z.infer<typeof consoleMeSchema>;

/** ISO country codes, upper case. */
const countryCode = text().regex(/^[A-Z]{2}$/, 'a two-letter country code like US');

/** A channel's look and its settings of record: what the branding page edits. */
export const brandingSchema = z
  .object({
    name: z.string(),
    short_name: z.string(),
    description: z.string(),
    logo: urlOrPathSchema.nullable(),
    language: z.enum(LANGUAGES),
    currency: currencySchema,
    time_zone: z.string(),
    colors: colorSettingsSchema,
    google_tag: z.string().nullable(),
    yare_analytics_key: z.string().nullable(),
    sentry_dsn: z.string().nullable(),
    geo: z.object({ allow: z.array(countryCode).nullable(), block: z.array(countryCode) }),
  })
  .meta({ id: 'Branding' });
export type Branding = z.infer<typeof brandingSchema>;

/** An IANA time zone name this runtime knows (`Europe/Sofia`, `America/Chicago`, `UTC`). */
const timeZoneSchema = text()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'a time zone like Europe/Sofia');

const nullableKey = text().max(200).nullable();

/** `PATCH /console/branding`: the fields sent change, the others stay. */
export const brandingUpdateSchema = bodySchema({
  name: text().trim().min(1).max(120).optional(),
  short_name: text().trim().min(1).max(40).optional(),
  description: text().max(2000).optional(),
  logo: urlOrPathSchema.nullable().optional(),
  language: z.enum(LANGUAGES).optional(),
  currency: currencySchema.optional(),
  time_zone: timeZoneSchema.optional(),
  colors: colorSettingsSchema.partial().strict().optional(),
  google_tag: nullableKey.optional(),
  yare_analytics_key: nullableKey.optional(),
  sentry_dsn: text().max(500).url().nullable().optional(),
  geo: z
    .strictObject({ allow: z.array(countryCode).max(250).nullable(), block: z.array(countryCode).max(250) })
    .optional(),
});
export type BrandingUpdate = z.infer<typeof brandingUpdateSchema>;

/** One entry of a channel's audit log: written with each console change, in its transaction, never edited. */
export const auditEntrySchema = z
  .object({
    id: idSchema,
    at: isoDateTimeSchema,
    actor: z.object({ id: idSchema.nullable(), email: z.string(), role: z.string() }),
    address: z.string().nullable().describe("The client's address as the API saw it"),
    action: z.string().describe('What was done, e.g. `branding.update`, `stream_key.rotate`'),
    entity: z.string(),
    entity_id: z.string().nullable(),
    before: z.record(z.string(), z.unknown()).nullable().describe('The values the change replaced; secrets masked'),
    after: z.record(z.string(), z.unknown()).nullable().describe('The values it wrote; secrets masked'),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = querySchema({
  offset: paginationShape.offset,
  limit: paginationShape.limit,
  action: text().max(64).optional(),
  entity: text().max(64).optional(),
  actor: text().max(254).optional().describe("Part of the actor's e-mail"),
  actor_id: queryId().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({ data: z.array(auditEntrySchema), meta: pageMetaSchema });

/**
 * A new channel's colours until its owner picks its own: a dark header and footer, a light page, a blue call to
 * action and a red live badge, each pair readable (WCAG AA contrast).
 */
export const DEFAULT_CHANNEL_COLORS = {
  'header-background': '#1F2933',
  'header-text-color': '#FFFFFF',
  'body-background': '#F5F7FA',
  'body-text-color': '#1F2933',
  'footer-background': '#1F2933',
  'footer-text-color': '#E4E7EB',
  'primary-color': '#1D4ED8',
  'primary-text-color': '#FFFFFF',
  'live-color': '#C81D25',
} as const satisfies z.infer<typeof colorSettingsSchema>;

/** A host name fans reach the channel on: lower-case labels, no port, no scheme. */
const hostNameSchema = text()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'a host name like tv.example.org',
  );

/** `POST /console/channels` (admin): a channel, its host, and its first owner. */
export const newChannelSchema = bodySchema({
  name: text().trim().min(1).max(120),
  slug: text()
    .trim()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, 'lower-case letters, digits and dashes, like riverside-hs'),
  host: hostNameSchema,
  language: z.enum(LANGUAGES),
  currency: currencySchema,
  time_zone: timeZoneSchema,
  owner: z.strictObject({
    email: emailField,
    first_name: text().trim().min(1).max(100),
    last_name: text().trim().max(100).optional(),
  }),
});
export type NewChannel = z.infer<typeof newChannelSchema>;

export const createdChannelSchema = z
  .object({
    channel: z.object({ id: idSchema, slug: z.string(), name: z.string(), host: z.string(), channel_key: z.string() }),
    owner: z.object({
      id: idSchema,
      email: z.string(),
      temporary_password: z.string().describe('Shown once: the owner must choose a new password at first sign-in'),
    }),
  })
  .meta({ id: 'CreatedChannel' });
export type CreatedChannel = z.infer<typeof createdChannelSchema>;
