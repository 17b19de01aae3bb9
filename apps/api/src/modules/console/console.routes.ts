import { dataOf, emptyQuerySchema, idParamsSchema } from '@sideline/contract/common';
import {
  auditPageSchema,
  auditQuerySchema,
  brandingSchema,
  brandingUpdateSchema,
  consoleMeSchema,
  createdChannelSchema,
  newChannelSchema,
  permissionsOf,
} from '@sideline/contract/console';
import { streamKeySchema } from '@sideline/contract/ingest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, neverStore } from '../../lib/route-helpers';
import { consoleErrors } from './console.errors';
import type { ConsoleService } from './console.service';
import { actorOf, consoleRoute } from './console-access';

const tags = ['console'];
const errors = errorResponses(400, 403, 404);

/**
 * The operators' console calls, under `/api/console/`. Each names what it needs of the caller's role; the one check
 * is `console-access.ts`. Answers are a staff member's own and may hold secrets: never stored by a cache.
 */
export const consoleRoutes: FastifyPluginAsyncZod<{ console: ConsoleService }> = async (app, { console: service }) => {
  neverStore(app);

  const me = consoleRoute('staff');
  app.get(
    '/console/me',
    {
      ...me,
      schema: {
        ...me.schema,
        operationId: 'consoleMe',
        tags,
        summary: 'Who is signed in to the console, with which role and permissions (any role)',
        querystring: emptyQuerySchema,
        response: { 200: dataOf(consoleMeSchema), ...errors },
      },
    },
    async (request) => {
      const staff = request.staff;
      if (!staff) throw consoleErrors.roleRequired();
      return {
        data: {
          user: { id: staff.id, email: staff.email, first_name: staff.firstName, last_name: staff.lastName },
          role: staff.role,
          permissions: permissionsOf(staff.role),
          channel: { id: request.channel.id, slug: request.channel.slug, name: request.channel.name },
        },
      };
    },
  );

  const read = consoleRoute('read');
  app.get(
    '/console/branding',
    {
      ...read,
      schema: {
        ...read.schema,
        operationId: 'consoleBranding',
        tags,
        summary: "The channel's name, look and settings of record (read)",
        querystring: emptyQuerySchema,
        response: { 200: dataOf(brandingSchema), ...errors },
      },
    },
    async (request) => ({ data: service.branding(request.channel) }),
  );

  const write = consoleRoute('write');
  app.patch(
    '/console/branding',
    {
      ...write,
      schema: {
        ...write.schema,
        operationId: 'consoleUpdateBranding',
        tags,
        summary: 'Changes the fields sent of the channel’s branding; fans see it within the cache’s minute (write)',
        body: brandingUpdateSchema,
        response: { 200: dataOf(brandingSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.updateBranding(request.channel, actorOf(request), request.body) }),
  );

  app.get(
    '/console/audit',
    {
      ...read,
      schema: {
        ...read.schema,
        operationId: 'consoleAuditLog',
        tags,
        summary: "The channel's audit log, newest first, with filters (read)",
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request) => {
      const { data, total, limit } = await service.auditLog(request.channel.id, request.query);
      return { data, meta: { total, offset: request.query.offset, limit } };
    },
  );

  app.get(
    '/console/events/:id/stream-key',
    {
      ...write,
      schema: {
        ...write.schema,
        operationId: 'consoleStreamKey',
        tags,
        summary: "A game's stream key and publish addresses, made on first read (write: a key is a secret)",
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(streamKeySchema), ...errors },
      },
    },
    async (request) => ({ data: await service.streamKey(request.channel.id, request.params.id) }),
  );

  app.post(
    '/console/events/:id/stream-key/rotate',
    {
      ...write,
      schema: {
        ...write.schema,
        operationId: 'consoleRotateStreamKey',
        tags,
        summary: "Replaces a game's stream key: the old one is refused from now on (write)",
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(streamKeySchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.rotateStreamKey(request.channel.id, request.params.id, actorOf(request)),
    }),
  );

  const platform = consoleRoute('platform');
  app.post(
    '/console/channels',
    {
      ...platform,
      schema: {
        ...platform.schema,
        operationId: 'consoleCreateChannel',
        tags,
        summary: 'Creates a channel on its host with default colours and its first owner (platform admin)',
        body: newChannelSchema,
        response: { 201: dataOf(createdChannelSchema), ...errorResponses(400, 403, 409) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      const { api_key: _key, ...input } = request.body;
      return { data: await service.createChannel(actorOf(request), input) };
    },
  );
};
