import { z } from 'zod';
import { bodySchema, hexColorSchema, idSchema, text, urlOrPathSchema } from './common';
import { GENDERS } from './enums';

/**
 * The console's catalogue: sports, schools, teams and venues of a channel, each created, edited and deleted by an
 * operator. A row games or teams use is not deleted silently: the answer names what uses it.
 */
export const CATALOGUE_KINDS = ['sports', 'schools', 'teams', 'venues'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** A short name for addresses and imports: lower-case letters, digits and dashes, unique in the channel. */
const aliasSchema = text()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'lower-case letters, digits and dashes, like north-high');
const nameSchema = text().trim().min(1).max(120);
const shortNameSchema = text().trim().min(1).max(40);
const imageSchema = urlOrPathSchema.nullable();
/** An IANA time zone name this runtime knows (`Europe/Sofia`, `America/Chicago`, `UTC`). */
export const timeZoneSchema = text()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'a time zone like America/Chicago');

const sportFields = {
  name: nameSchema,
  alias: aliasSchema,
  image: imageSchema,
  position: z.number().int().min(0).max(10_000),
};
const schoolFields = {
  name: nameSchema,
  short_name: shortNameSchema,
  alias: aliasSchema,
  color: hexColorSchema,
  image: imageSchema,
};
const teamFields = {
  name: nameSchema,
  short_name: shortNameSchema,
  alias: aliasSchema,
  school_id: idSchema,
  sport_id: idSchema,
  color: hexColorSchema,
  gender: z.enum(GENDERS).nullable(),
  logo: imageSchema,
};
const venueFields = {
  name: nameSchema,
  address: text().max(200).nullable(),
  city: text().max(100).nullable(),
  state: text().max(100).nullable(),
  country: text().regex(/^[A-Z]{2}$/, 'a two-letter country code like US'),
  time_zone: timeZoneSchema,
};

const withId = <T extends z.ZodRawShape>(shape: T, id: string) => z.object({ id: idSchema, ...shape }).meta({ id });
export const consoleSportSchema = withId(sportFields, 'ConsoleSport');
export const consoleSchoolSchema = withId(schoolFields, 'ConsoleSchool');
export const consoleTeamSchema = withId(teamFields, 'ConsoleTeam');
export const consoleVenueSchema = withId(venueFields, 'ConsoleVenue');

/** New rows: optional fields default to none; `position` to 0. */
export const newSportSchema = bodySchema({
  ...sportFields,
  image: imageSchema.default(null),
  position: sportFields.position.default(0),
});
export const newSchoolSchema = bodySchema({ ...schoolFields, image: imageSchema.default(null) });
export const newTeamSchema = bodySchema({
  ...teamFields,
  gender: teamFields.gender.default(null),
  logo: imageSchema.default(null),
});
export const newVenueSchema = bodySchema({
  ...venueFields,
  address: venueFields.address.default(null),
  city: venueFields.city.default(null),
  state: venueFields.state.default(null),
});

const partial = <T extends z.ZodRawShape>(shape: T) =>
  bodySchema(
    Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, (v as z.ZodType).optional()])) as unknown as {
      [K in keyof T]: z.ZodOptional<T[K]>;
    },
  );
export const sportUpdateSchema = partial(sportFields);
export const schoolUpdateSchema = partial(schoolFields);
export const teamUpdateSchema = partial(teamFields);
export const venueUpdateSchema = partial(venueFields);

export type ConsoleSport = z.infer<typeof consoleSportSchema>;
export type ConsoleSchool = z.infer<typeof consoleSchoolSchema>;
export type ConsoleTeam = z.infer<typeof consoleTeamSchema>;
export type ConsoleVenue = z.infer<typeof consoleVenueSchema>;
