import { dataOf, emptyQuerySchema, idParamsSchema } from '@sideline/contract/common';
import {
  eventSchema,
  eventsPageSchema,
  eventsQuerySchema,
  homepageSectionSchema,
  participantGroupPropertySchema,
} from '@sideline/contract/events';
import { favoriteEventsQuerySchema } from '@sideline/contract/favorites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-helpers';
import type { ViewerService } from '../access';
import type { CatalogService } from '../catalog';
import { userSession } from '../keys';
import type { AnyOf } from './events.repository';
import type { EventsService } from './events.service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['events'];

/** Listings, one event, the home page rails and the events of a fan's favorites. */
export const eventsRoutes: FastifyPluginAsyncZod<{
  events: EventsService;
  viewers: ViewerService;
  /** The fan's favorites as listing filters (the favorites module's service; events does not depend on it). */
  favorites: { anyOf(userId: number): Promise<AnyOf> };
  catalog: CatalogService;
}> = async (app, { events, viewers, favorites, catalog }) => {
  // Answers depend on the caller (has_access), so shared caches must not keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-cache');
  });

  app.get(
    '/events',
    {
      config: { access: 'key' },
      schema: {
        operationId: 'listEvents',
        tags,
        summary: 'Events by status, sport, school, team, gender, venue, dates and free text, paged and sorted',
        querystring: eventsQuerySchema,
        response: { 200: eventsPageSchema, ...errors },
      },
    },
    async (request) => events.list(request.channel, await viewers.of(request.channel, request.session), request.query),
  );

  app.get(
    '/events/favorite',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'listFavoriteEvents',
        tags,
        summary: "Events of any of the user's favorites (teams, schools, sports, events, venues)",
        querystring: favoriteEventsQuerySchema,
        response: { 200: eventsPageSchema, ...errors },
      },
    },
    async (request) => {
      const session = userSession(request);
      const { stream_status, ...rest } = request.query;
      return events.favorites(
        request.channel,
        await viewers.of(request.channel, session),
        await favorites.anyOf(session.userId),
        { ...rest, ...(stream_status ? { stream_status: [stream_status] } : {}) },
      );
    },
  );

  app.get(
    '/events/:id',
    {
      config: { access: 'key' },
      schema: {
        operationId: 'getEvent',
        tags,
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(eventSchema), ...errors },
      },
    },
    async (request) => ({
      data: await events.get(request.channel, await viewers.of(request.channel, request.session), request.params.id),
    }),
  );

  app.get(
    '/events-for-homepage',
    {
      config: { access: 'key' },
      schema: {
        operationId: 'getHomepageEvents',
        tags,
        summary: 'Rails of the home page: favorites (signed in), live now, coming up, recent',
        querystring: emptyQuerySchema,
        response: { 200: dataOf(z.array(homepageSectionSchema)), ...errors },
      },
    },
    async (request) => {
      const viewer = await viewers.of(request.channel, request.session);
      const anyOf = viewer.userId === null ? null : await favorites.anyOf(viewer.userId);
      return { data: await events.homepage(request.channel, viewer, anyOf) };
    },
  );

  app.get(
    '/participant-group-properties',
    {
      config: { access: 'key' },
      schema: {
        operationId: 'getParticipantGroupProperties',
        tags,
        summary: 'The properties schools carry (e.g. conference, division, state) and their values, for filters',
        querystring: emptyQuerySchema,
        response: { 200: dataOf(z.array(participantGroupPropertySchema)), ...errors },
      },
    },
    async (request) => {
      const values = new Map<string, Set<string>>();
      for (const group of await catalog.groups(request.channel.id)) {
        for (const [name, value] of Object.entries(group.properties)) {
          values.set(name, (values.get(name) ?? new Set()).add(value));
        }
      }
      return { data: [...values].map(([name, set]) => ({ name, values: [...set].sort() })) };
    },
  );
};
