import type { AccessType, Gender, StreamStatus } from '@sideline/contract/enums';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { eventCategories, eventLocations, participants } from '../catalog/catalog.table';
import { channelIdColumn } from '../channel/channel.table';

export const events = pgTable(
  'events',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    name: text().notNull(),
    description: text(),
    accessType: text().$type<AccessType>().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }),
    timeZone: text().notNull(),
    streamStatus: text().$type<StreamStatus>().notNull(),
    locationId: integer().references(() => eventLocations.id, { onDelete: 'set null' }),
    eventCategoryId: integer().references(() => eventCategories.id, { onDelete: 'set null' }),
    homeTeamId: integer().references(() => participants.id, { onDelete: 'set null' }),
    awayTeamId: integer().references(() => participants.id, { onDelete: 'set null' }),
    /** Copies of the teams' schools, so listing by school needs no join. */
    homeGroupId: integer(),
    awayGroupId: integer(),
    gender: text().$type<Gender>(),
    poster: text(),
    /** The packaged media the event plays (`media_assets.key`); null until it has some. */
    mediaKey: text(),
    basePriceCents: integer().notNull().default(0),
    serviceFeeCents: integer().notNull().default(0),
    ...timestamps,
  },
  // Listings page through (channel, status) in start order; team and school filters also have their own
  // (id, start) indexes for when they are the selective part. Ids break ties so paging is stable.
  (t) => [
    index().on(t.channelId, t.startsAt, t.id),
    index().on(t.channelId, t.streamStatus, t.startsAt, t.id),
    index().on(t.homeTeamId, t.startsAt),
    index().on(t.awayTeamId, t.startsAt),
    index().on(t.homeGroupId, t.startsAt),
    index().on(t.awayGroupId, t.startsAt),
    index().on(t.eventCategoryId, t.startsAt),
  ],
);
