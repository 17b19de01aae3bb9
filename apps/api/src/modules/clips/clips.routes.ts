import {
  clipDownloadSchema,
  clipListItemSchema,
  clipSchema,
  clipsQuerySchema,
  clipTagSchema,
  createClipBodySchema,
  sharedClipParamsSchema,
  sharedClipSchema,
} from '@sideline/contract/clips';
import { dataOf, emptyQuerySchema, idParamsSchema, okSchema, pageOf } from '@sideline/contract/common';
import { eventSchema } from '@sideline/contract/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, neverStore } from '../../lib/route-helpers';
import { keySession, userSession } from '../keys';
import type { ClipsService } from './clips.service';

const errors = errorResponses(400, 401, 403, 404, 409, 503);
const tags = ['clips'];
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

/** A page of a list: the asked limit (at most 100; `no_limit` gives the largest page). */
const pageArgs = (q: { offset: number; limit?: number | undefined; no_limit?: '0' | '1' | undefined }) => ({
  offset: q.offset,
  limit: q.no_limit === '1' ? MAX_LIMIT : Math.min(q.limit ?? DEFAULT_LIMIT, MAX_LIMIT),
});

/** Clips (spec section 7): cut, list, share, download and delete. */
export const clipsRoutes: FastifyPluginAsyncZod<{ clips: ClipsService }> = async (app, { clips }) => {
  neverStore(app);

  app.get(
    '/clips/tags',
    {
      config: { access: 'key' },
      schema: {
        operationId: 'listClipTags',
        tags,
        summary: "The channel's clip tags, named in each interface language",
        querystring: emptyQuerySchema,
        response: { 200: dataOf(z.array(clipTagSchema)), ...errors },
      },
    },
    async (request) => ({ data: await clips.tags(request.channel) }),
  );

  app.post(
    '/clip',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'createClip',
        tags,
        summary: 'Cut a clip (capability `clipping`, counted): 201 with the clip queued; it becomes ready in seconds',
        body: createClipBodySchema,
        response: { 201: dataOf(clipSchema), ...errors },
      },
    },
    async (request, reply) => {
      const clip = await clips.create(request.channel, userSession(request), request.body, request.ip);
      return reply.code(201).send({ data: clip });
    },
  );

  app.get(
    '/clips/event/:id',
    {
      config: { access: 'key' },
      schema: {
        operationId: 'listEventClips',
        tags,
        summary: "A game's ready clips, and the caller's own while they are made",
        params: idParamsSchema,
        querystring: clipsQuerySchema,
        response: { 200: pageOf(clipSchema), ...errors },
      },
    },
    async (request) => clips.ofEvent(request.channel, keySession(request), request.params.id, pageArgs(request.query)),
  );

  app.get(
    '/clips/user',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'listUserClips',
        tags,
        summary: "The signed-in fan's clips in every state, newest first, each with its game",
        querystring: clipsQuerySchema,
        response: { 200: pageOf(clipListItemSchema), ...errors },
      },
    },
    async (request) => clips.ofUser(request.channel, userSession(request), pageArgs(request.query)),
  );

  app.get(
    '/clips/moments',
    {
      config: { access: 'key' },
      schema: {
        operationId: 'listMoments',
        tags,
        summary: "The channel's latest ready clips, newest first (the moments feed)",
        querystring: clipsQuerySchema,
        response: { 200: pageOf(clipListItemSchema), ...errors },
      },
    },
    async (request) => clips.moments(request.channel, keySession(request), pageArgs(request.query)),
  );

  app.get(
    '/events/with_clip',
    {
      config: { access: 'key' },
      schema: {
        operationId: 'listEventsWithClips',
        tags,
        summary: 'Games that have ready clips, the one clipped last first',
        querystring: clipsQuerySchema,
        response: { 200: pageOf(eventSchema), ...errors },
      },
    },
    async (request) => clips.eventsWithClips(request.channel, keySession(request), pageArgs(request.query)),
  );

  app.get(
    '/shared-clip/:id',
    {
      config: { access: 'host' },
      schema: {
        operationId: 'getSharedClip',
        tags,
        summary: 'A ready clip by its share id (UUID): public, no key needed',
        params: sharedClipParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(sharedClipSchema), ...errors },
      },
    },
    async (request) => ({ data: await clips.shared(request.channel, request.params.id) }),
  );

  app.get(
    '/clip/download/:id',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'downloadClip',
        tags,
        summary: "A signed link to one's own ready clip (capability `download_clip`), counted as a download",
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(clipDownloadSchema), ...errors },
      },
    },
    async (request) => ({ data: await clips.download(request.channel, userSession(request), request.params.id) }),
  );

  app.delete(
    '/clip/:id',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'deleteClip',
        tags,
        summary: "Delete one's own clip and its files",
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await clips.remove(request.channel, userSession(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
