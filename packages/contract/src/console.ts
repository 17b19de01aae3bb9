import { z } from 'zod';
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
import { timeZoneSchema } from './console-catalogue';
import { LANGUAGES } from './constants';
import { emailField } from './email';
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

/** A game as the console's schedule lists it: what an operator sets, and its state. */
export const consoleGameSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    description: z.string().nullable(),
    starts_at: isoDateTimeSchema,
    ends_at: isoDateTimeSchema.nullable(),
    starts_at_local: z.string().describe("The start in the channel's time zone, `YYYY-MM-DDTHH:mm`"),
    time_zone: z.string(),
    status: z.enum(['upcoming', 'live', 'finished']),
    access_type: z.enum(['free', 'register', 'paid', 'ppv']),
    price_cents: z.number().int().describe("A pay-per-view game's price, in the channel's currency's minor units"),
    sport_id: idSchema.nullable(),
    home_team_id: idSchema.nullable(),
    away_team_id: idSchema.nullable(),
    venue_id: idSchema.nullable(),
  })
  .meta({ id: 'ConsoleGame' });
export type ConsoleGame = z.infer<typeof consoleGameSchema>;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
/** A wall-clock time with no zone (`2027-03-14T19:30`): the channel's time zone gives it its instant. */
export const localDateTimeSchema = text().refine((v) => {
  const m = LOCAL_DATE_TIME.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return y >= 2000 && y <= 2100 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60;
}, 'a date and time like 2027-03-14T19:30');

/** Cents: a price up to 1,000,000.00 in the channel's currency. */
const priceCentsSchema = z.number().int().min(0).max(100_000_000);

const gameFields = {
  name: text().trim().min(1).max(200),
  description: text().max(2000).nullable(),
  sport_id: idSchema,
  home_team_id: idSchema,
  away_team_id: idSchema,
  venue_id: idSchema.nullable(),
  starts_at_local: localDateTimeSchema,
  duration_minutes: z
    .number()
    .int()
    .min(10)
    .max(24 * 60),
  access_type: z.enum(['free', 'register', 'paid', 'ppv']),
  price_cents: priceCentsSchema,
};

/** A pay-per-view game has a price; no other kind of game has one of its own. */
const priceFitsAccess = (g: { access_type?: string; price_cents?: number }) =>
  g.access_type === undefined ||
  g.price_cents === undefined ||
  (g.access_type === 'ppv' ? g.price_cents > 0 : g.price_cents === 0);
const PRICE_MESSAGE = {
  message: 'a pay-per-view game needs a price above 0; other games have none',
  path: ['price_cents'],
};
const twoTeams = (g: { home_team_id?: number; away_team_id?: number }) =>
  g.home_team_id === undefined || g.home_team_id !== g.away_team_id;
const TEAMS_MESSAGE = { message: 'a game needs two different teams', path: ['away_team_id'] };

/** `POST /console/events`: a new game. The name defaults to "Away @ Home". */
export const newGameSchema = bodySchema({
  ...gameFields,
  name: gameFields.name.optional(),
  description: gameFields.description.optional(),
  venue_id: gameFields.venue_id.optional(),
  duration_minutes: gameFields.duration_minutes.default(120),
  price_cents: priceCentsSchema.default(0),
})
  .refine(priceFitsAccess, PRICE_MESSAGE)
  .refine(twoTeams, TEAMS_MESSAGE);
export type NewGame = z.infer<typeof newGameSchema>;

/** `PATCH /console/events/:id`: the fields sent change. */
export const gameUpdateSchema = bodySchema({
  name: gameFields.name.optional(),
  description: gameFields.description.optional(),
  sport_id: gameFields.sport_id.optional(),
  home_team_id: gameFields.home_team_id.optional(),
  away_team_id: gameFields.away_team_id.optional(),
  venue_id: gameFields.venue_id.optional(),
  starts_at_local: gameFields.starts_at_local.optional(),
  duration_minutes: gameFields.duration_minutes.optional(),
  access_type: gameFields.access_type.optional(),
  price_cents: priceCentsSchema.optional(),
}).refine(twoTeams, TEAMS_MESSAGE);
export type GameUpdate = z.infer<typeof gameUpdateSchema>;

export const consoleGamesQuerySchema = querySchema({
  offset: paginationShape.offset,
  limit: paginationShape.limit,
  status: z.enum(['upcoming', 'live', 'finished']).optional(),
});
export const consoleGamesPageSchema = z.object({ data: z.array(consoleGameSchema), meta: pageMetaSchema });

/**
 * The columns of a schedule import, one game a row, with a header row. Teams, sports and venues are named as the
 * console's catalogue names them (team and sport aliases, venue names); date and time are the channel's wall clock;
 * `price` is in the currency's major units (`12.99`), for pay-per-view games only.
 */
export const GAMES_CSV_COLUMNS = ['date', 'time', 'home', 'away', 'sport', 'venue', 'access', 'price', 'name'] as const;
export const GAMES_IMPORT_MAX_ROWS = 1000;

/** `POST /console/events/import`: a dry run (the default) previews every row; a real run writes all rows or none. */
export const gamesImportSchema = bodySchema({
  csv: text().min(1).max(1_000_000),
  dry_run: z.boolean().default(true),
});

export const gamesImportRowSchema = z.object({
  line: z.number().int().describe('The row’s line in the file (the header is line 1)'),
  ok: z.boolean(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
  game: z
    .object({
      name: z.string(),
      starts_at_local: z.string(),
      home: z.string(),
      away: z.string(),
      sport: z.string(),
      venue: z.string().nullable(),
      access_type: z.string(),
      price_cents: z.number().int(),
    })
    .nullable(),
});
export const gamesImportResultSchema = z
  .object({
    rows: z.array(gamesImportRowSchema),
    valid: z.number().int(),
    invalid: z.number().int(),
    created: z.number().int().describe('Games written: 0 for a dry run'),
  })
  .meta({ id: 'GamesImport' });
export type GamesImportResult = z.infer<typeof gamesImportResultSchema>;

/** A person with a role in the channel's console, as its owner manages them. */
export const staffMemberSchema = z
  .object({
    id: idSchema,
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role: z.enum(['owner', 'operator', 'analyst']),
    has_password: z.boolean().describe('False until an invited person chose a password'),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof staffMemberSchema>;

/**
 * `POST /console/staff` (owner): gives a role to the account of this e-mail on the channel, or makes one. A new
 * account gets an invitation to choose its password; an existing one a notice. Both are mailed in the channel's
 * language.
 */
export const staffInviteSchema = bodySchema({
  email: emailField,
  first_name: text().trim().min(1).max(100),
  last_name: text().trim().max(100).optional(),
  role: z.enum(['owner', 'operator', 'analyst']),
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** `PATCH /console/staff/:id` (owner): another role, or none (the person keeps a fan's account). */
export const staffRoleChangeSchema = bodySchema({ role: z.enum(['owner', 'operator', 'analyst']).nullable() });
