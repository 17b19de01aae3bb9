import type { EventCategory, EventLocation, Participant, ParticipantGroup } from '@sideline/contract/events';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventCategories, eventLocations, participantGroups, participants } from './catalog.table';

/** The channel's catalogue: sports, venues, schools and teams. Small, public and cached by the service. */
export function createCatalogRepository({ db }: { db: Db }) {
  return {
    async categories(channelId: number): Promise<EventCategory[]> {
      const rows = await db
        .select()
        .from(eventCategories)
        .where(eq(eventCategories.channelId, channelId))
        .orderBy(asc(eventCategories.position), asc(eventCategories.id));
      return rows.map((r) => ({ id: r.id, name: r.name, alias: r.alias, image: r.image, position: r.position }));
    },
    async locations(channelId: number): Promise<EventLocation[]> {
      const rows = await db
        .select()
        .from(eventLocations)
        .where(eq(eventLocations.channelId, channelId))
        .orderBy(asc(eventLocations.name), asc(eventLocations.id));
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        address: r.address,
        city: r.city,
        state: r.state,
        country: r.country,
        time_zone: r.timeZone,
      }));
    },
    async groups(channelId: number): Promise<ParticipantGroup[]> {
      const rows = await db
        .select()
        .from(participantGroups)
        .where(eq(participantGroups.channelId, channelId))
        .orderBy(asc(participantGroups.name), asc(participantGroups.id));
      return rows.map((r) => ({
        id: r.id,
        alias: r.alias,
        name: r.name,
        short_name: r.shortName,
        image: r.image,
        color: r.color,
        properties: r.properties,
      }));
    },
    async participants(channelId: number): Promise<Participant[]> {
      const rows = await db
        .select({ p: participants, sport: eventCategories.name })
        .from(participants)
        .leftJoin(eventCategories, eq(eventCategories.id, participants.eventCategoryId))
        .where(eq(participants.channelId, channelId))
        .orderBy(asc(participants.name), asc(participants.id));
      return rows.map(({ p, sport }) => ({
        id: p.id,
        alias: p.alias,
        name: p.name,
        short_name: p.shortName,
        images: { logo: p.logo, banner: p.banner },
        color: p.color,
        participant_group_id: p.participantGroupId,
        event_category_id: p.eventCategoryId,
        properties: { gender: p.gender, sport },
      }));
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
