import { z } from 'zod';
import {
  hexColorSchema,
  id,
  idSchema,
  moneySchema,
  paginationShape,
  queryId,
  querySchema,
  sortDirectionSchema,
  text,
  unixSecondsQuery,
  unixSecondsSchema,
  urlOrPathSchema,
} from './common';
import { ACCESS_TYPES, GENDERS, STREAM_STATUSES } from './enums';

export const streamStatusSchema = z.enum(STREAM_STATUSES);
export const accessTypeSchema = z.enum(ACCESS_TYPES);
export const genderSchema = z.enum(GENDERS);

export const eventCategorySchema = z
  .object({
    id: idSchema,
    name: z.string(),
    alias: z.string(),
    image: urlOrPathSchema.nullable(),
    position: z.number().int(),
  })
  .meta({ id: 'EventCategory' });
export type EventCategory = z.infer<typeof eventCategorySchema>;

export const eventLocationSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().length(2).describe('ISO 3166-1 alpha-2'),
    time_zone: z.string(),
  })
  .meta({ id: 'EventLocation' });
export type EventLocation = z.infer<typeof eventLocationSchema>;

/** A school. */
export const participantGroupSchema = z
  .object({
    id: idSchema,
    alias: z.string(),
    name: z.string(),
    short_name: z.string(),
    image: urlOrPathSchema.nullable(),
    color: hexColorSchema,
    properties: z.record(z.string(), z.string()),
  })
  .meta({ id: 'ParticipantGroup' });
export type ParticipantGroup = z.infer<typeof participantGroupSchema>;

/** A team. */
export const participantSchema = z
  .object({
    id: idSchema,
    alias: z.string(),
    name: z.string(),
    short_name: z.string(),
    images: z.object({ logo: urlOrPathSchema.nullable(), banner: urlOrPathSchema.nullable() }),
    color: hexColorSchema,
    participant_group_id: idSchema.nullable(),
    event_category_id: idSchema.nullable(),
    properties: z.object({
      gender: genderSchema.nullable(),
      sport: z.string().nullable().describe('Name of the sport'),
    }),
  })
  .meta({ id: 'Participant' });
export type Participant = z.infer<typeof participantSchema>;

export const eventSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    description: z.string().nullable(),
    type: accessTypeSchema.describe('Access type: free, register, paid or ppv'),
    participants: z.array(participantSchema).describe('Away team first, then the home team'),
    home_team_id: idSchema.nullable(),
    event_utc_ts: unixSecondsSchema.describe('Start, in Unix seconds'),
    end_utc_ts: unixSecondsSchema.nullable(),
    time_zone: z.string().describe('IANA time zone of the venue'),
    stream_status: streamStatusSchema,
    location_id: idSchema.nullable(),
    event_category_id: idSchema.nullable(),
    gender: genderSchema.nullable(),
    poster: urlOrPathSchema.nullable(),
    base_price: moneySchema,
    service_fee: moneySchema.default(0),
    has_access: z.boolean().describe('Whether the caller may watch'),
  })
  .meta({ id: 'Event' });
export type Event = z.infer<typeof eventSchema>;

export const EVENT_SORT_FIELDS = ['event_utc_ts', 'name', 'id'] as const;
/** The largest page a listing returns; a client asking for more gets this many. */
export const EVENTS_MAX_LIMIT = 100;
export const EVENTS_DEFAULT_LIMIT = 20;
const idList = text()
  .max(600)
  .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, 'a comma-separated list of up to 50 ids')
  .transform((s) => s.split(',').map(Number))
  .pipe(z.array(id()));

export const eventsQuerySchema = querySchema({
  ...paginationShape,
  stream_status: text()
    .regex(/^(finished|live|upcoming)(,(finished|live|upcoming))*$/, 'finished, live or upcoming, comma-separated')
    .transform((s) => s.split(',') as (typeof STREAM_STATUSES)[number][])
    .optional(),
  event_category_id: idList.optional(),
  participant_group_id: idList.optional(),
  participant_id: idList.optional(),
  location_id: idList.optional(),
  gender: genderSchema.optional(),
  start_date: unixSecondsQuery().optional(),
  end_date: unixSecondsQuery().optional(),
  search: text().trim().min(1).max(100).optional(),
  sort_field: z.enum(EVENT_SORT_FIELDS).default('event_utc_ts'),
  sort_direction: sortDirectionSchema.default('asc'),
});
export type EventsQuery = z.infer<typeof eventsQuerySchema>;

export const participantsQuerySchema = querySchema({
  participant_group_id: queryId().optional(),
  event_category_id: queryId().optional(),
  gender: genderSchema.optional(),
});

/**
 * A page of events. Listings over a large schedule do not count every match (that would cost more than the page):
 * `has_more` says whether another page follows, and `total` is given once the end is in sight.
 */
export const eventsPageSchema = z
  .object({
    data: z.array(eventSchema),
    meta: z.object({
      offset: z.number().int().nonnegative(),
      limit: z.number().int().nonnegative(),
      has_more: z.boolean(),
      total: z.number().int().nonnegative().optional().describe('Present when this page reaches the end of the list'),
    }),
  })
  .meta({ id: 'EventsPage' });
export type EventsPage = z.infer<typeof eventsPageSchema>;

export const HOMEPAGE_SECTIONS = ['live', 'upcoming', 'recent', 'favorites'] as const;
/** A rail of the home page; the client titles it by key in the viewer's language. */
export const homepageSectionSchema = z
  .object({ key: z.enum(HOMEPAGE_SECTIONS), events: z.array(eventSchema) })
  .meta({ id: 'HomepageSection' });
export type HomepageSection = z.infer<typeof homepageSectionSchema>;

export const participantGroupPropertySchema = z
  .object({ name: z.string(), values: z.array(z.string()) })
  .meta({ id: 'ParticipantGroupProperty' });
