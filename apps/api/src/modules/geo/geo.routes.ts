import { dataOf, emptyQuerySchema } from '@sideline/contract/common';
import { errorBodySchema } from '@sideline/contract/errors';
import { geoSchema } from '@sideline/contract/geo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../../lib/route-helpers';
import type { GeoService } from './geo.service';

export const geoRoutes: FastifyPluginAsyncZod<{ geo: GeoService }> = async (app, { geo }) => {
  app.get(
    '/geo',
    {
      config: { access: 'key' },
      schema: {
        operationId: 'getGeo',
        tags: ['geo'],
        summary: "The caller's country and whether the channel's geo rules block it",
        querystring: emptyQuerySchema,
        response: { 200: dataOf(geoSchema), 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { data: geo.locate(request.channel, request.ip) };
    },
  );
};
