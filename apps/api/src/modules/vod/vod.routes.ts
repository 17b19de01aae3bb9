import { dataOf, emptyQuerySchema, idParamsSchema } from '@sideline/contract/common';
import { errorBodySchema } from '@sideline/contract/errors';
import {
  vodCategorySchema,
  vodItemsQuerySchema,
  vodMediaItemSchema,
  vodMediaPageSchema,
  vodPlaybackSchema,
  vodRailSchema,
  vodSearchQuerySchema,
} from '@sideline/contract/vod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noStore } from '../../lib/route-helpers';
import { keySession } from '../keys';
import type { VodService } from './vod.service';

const errors = errorResponses(400, 401, 403, 404);
const playbackErrors = { ...errors, 503: errorBodySchema };
const tags = ['vod'];

/** The on-demand library (spec section 7, VOD): listings for every key, playback for `vod_media_access`. */
export const vodRoutes: FastifyPluginAsyncZod<{ vod: VodService }> = async (app, { vod }) => {
  app.get(
    '/vod-media-items',
    {
      config: { access: 'key' },
      schema: {
        operationId: 'listVodMediaItems',
        tags,
        summary: 'Library videos, newest first, optionally of one category',
        querystring: vodItemsQuerySchema,
        response: { 200: vodMediaPageSchema, ...errors },
      },
    },
    async (request) => vod.items(request.channel, request.query),
  );

  app.get(
    '/vod-media-items/:id',
    {
      config: { access: 'key' },
      schema: {
        operationId: 'getVodMediaItem',
        tags,
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(vodMediaItemSchema), ...errors },
      },
    },
    async (request) => ({ data: await vod.item(request.channel, request.params.id) }),
  );

  app.get(
    '/vod-media-categories',
    {
      config: { access: 'key' },
      schema: {
        operationId: 'listVodMediaCategories',
        tags,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(z.array(vodCategorySchema)), ...errors },
      },
    },
    async (request) => ({ data: await vod.categories(request.channel) }),
  );

  app.get(
    '/vod-media/search',
    {
      config: { access: 'key' },
      schema: {
        operationId: 'searchVodMedia',
        tags,
        summary: 'Library videos whose title contains the text (any case), a page of 10 by default',
        querystring: vodSearchQuerySchema,
        response: { 200: vodMediaPageSchema, ...errors },
      },
    },
    async (request) => vod.search(request.channel, request.query),
  );

  app.get(
    '/vod-media-rails',
    {
      config: { access: 'key' },
      schema: {
        operationId: 'listVodMediaRails',
        tags,
        summary: "The library page's rails, each with its videos in order",
        querystring: emptyQuerySchema,
        response: { 200: dataOf(z.array(vodRailSchema)), ...errors },
      },
    },
    async (request) => ({ data: await vod.rails(request.channel) }),
  );

  app.get(
    '/vod-media-items/:id/playback',
    {
      config: { access: 'key' },
      // A signed link bound to the caller's key: never cached.
      onSend: async (_request, reply) => {
        noStore(reply);
      },
      schema: {
        operationId: 'getVodPlayback',
        tags,
        summary: 'Signed HLS playlist of a library video, for a fan with `vod_media_access` (and the geo rules)',
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(vodPlaybackSchema), ...playbackErrors },
      },
    },
    async (request) => ({
      data: await vod.playback(request.channel, keySession(request), request.params.id, request.ip),
    }),
  );
};
