import { dataOf, emptyQuerySchema } from '@sideline/contract/common';
import {
  eventCategorySchema,
  eventLocationSchema,
  participantGroupSchema,
  participantSchema,
  participantsQuerySchema,
} from '@sideline/contract/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedGet, type SendCachedJson } from '../../lib/cache';
import type { CatalogService } from './catalog.service';

const tags = ['catalogue'];

/** Sports, venues, schools and teams of the channel: static calls, cacheable. */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService; send: SendCachedJson }> = async (
  app,
  { catalog, send },
) => {
  cachedGet(app, send, {
    url: '/events-categories',
    operationId: 'getEventCategories',
    tags,
    summary: 'Sports',
    querystring: emptyQuerySchema,
    response: dataOf(z.array(eventCategorySchema)),
    load: async ({ channel }) => ({ data: await catalog.categories(channel.id) }),
  });
  cachedGet(app, send, {
    url: '/events-locations',
    operationId: 'getEventLocations',
    tags,
    querystring: emptyQuerySchema,
    response: dataOf(z.array(eventLocationSchema)),
    load: async ({ channel }) => ({ data: await catalog.locations(channel.id) }),
  });
  cachedGet(app, send, {
    url: '/participant-groups',
    operationId: 'getParticipantGroups',
    tags,
    summary: 'Schools',
    querystring: emptyQuerySchema,
    response: dataOf(z.array(participantGroupSchema)),
    load: async ({ channel }) => ({ data: await catalog.groups(channel.id) }),
  });
  cachedGet(app, send, {
    url: '/participants',
    operationId: 'getParticipants',
    tags,
    summary: 'Teams, optionally of one school, sport or gender',
    querystring: participantsQuerySchema,
    response: dataOf(z.array(participantSchema)),
    vary: ({ query }) => `${query.participant_group_id ?? ''}:${query.event_category_id ?? ''}:${query.gender ?? ''}`,
    load: async ({ channel, query }) => {
      const { participant_group_id: group, event_category_id: sport, gender } = query;
      const all = await catalog.participants(channel.id);
      return {
        data: all.filter(
          (p) =>
            (group === undefined || p.participant_group_id === group) &&
            (sport === undefined || p.event_category_id === sport) &&
            (gender === undefined || p.properties.gender === gender),
        ),
      };
    },
  });
};
