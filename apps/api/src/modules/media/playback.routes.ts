import { dataOf, emptyQuerySchema, idParamsSchema } from '@sideline/contract/common';
import { downloadSchema, playbackSchema } from '@sideline/contract/media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, neverStore } from '../../lib/route-helpers';
import { keySession, userSession } from '../keys';
import type { PlaybackService } from './playback.service';

const errors = errorResponses(400, 401, 403, 404, 409, 503);

/** Where to play an event, the channel's test feed, and counted downloads. */
export const playbackRoutes: FastifyPluginAsyncZod<{ playback: PlaybackService }> = async (app, { playback }) => {
  neverStore(app);

  app.get(
    '/events/:id/playback',
    {
      config: { access: 'key' },
      schema: {
        operationId: 'getPlayback',
        tags: ['events'],
        summary: 'Signed HLS playlist of an event, only for a caller who may watch it (access, capability, geo)',
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(playbackSchema), ...errors },
      },
    },
    async (request) => ({
      data: await playback.playback(request.channel, keySession(request), request.params.id, request.ip),
    }),
  );

  app.get(
    '/simulate/playback',
    {
      config: { access: 'key' },
      schema: {
        operationId: 'getSimulatePlayback',
        tags: ['events'],
        summary: "The channel's simulated live feed, to check a device",
        querystring: emptyQuerySchema,
        response: { 200: dataOf(playbackSchema), ...errors },
      },
    },
    async (request) => ({ data: await playback.simulate(request.channel, keySession(request), request.ip) }),
  );

  app.get(
    '/download-event/:id',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'downloadEvent',
        tags: ['events'],
        summary: 'A signed link to the MP4 of a finished event (capability `download`), counted against the limit',
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(downloadSchema), ...errors },
      },
    },
    async (request) => ({
      data: await playback.download(request.channel, userSession(request), request.params.id, request.ip),
    }),
  );
};
