import { dataOf, emptyQuerySchema, idParamsSchema, okSchema } from '@sideline/contract/common';
import { addFavoriteBodySchema, favoriteSchema } from '@sideline/contract/favorites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, neverStore } from '../../lib/route-helpers';
import { userSession } from '../keys';
import type { FavoritesService } from './favorites.service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['favorites'];

/** A fan's favorites: login required (`user must be logged in`); each user only ever sees their own. */
export const favoritesRoutes: FastifyPluginAsyncZod<{ favorites: FavoritesService }> = async (app, { favorites }) => {
  neverStore(app);

  app.get(
    '/favorites',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'listFavorites',
        tags,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(z.array(favoriteSchema)), ...errors },
      },
    },
    async (request) => ({ data: await favorites.list(userSession(request).userId) }),
  );

  app.post(
    '/favorite',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'addFavorite',
        tags,
        summary: 'Follow a team, school, sport, event or venue (201, or 200 when already followed)',
        body: addFavoriteBodySchema,
        response: { 200: dataOf(favoriteSchema), 201: dataOf(favoriteSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { favorite, created } = await favorites.add(request.channel, userSession(request).userId, request.body);
      return reply.status(created ? 201 : 200).send({ data: favorite });
    },
  );

  app.delete(
    '/favorite/:id',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'removeFavorite',
        tags,
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await favorites.remove(userSession(request).userId, request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
