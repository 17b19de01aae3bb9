import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { publicCache } from '../route-helpers';
import type { Cache } from './cache';

type Entry = { body: string; etag: string };

/**
 * Public, hot answers (menus, pages, catalogues) are validated against their response schema and serialized once
 * per cache fill, then sent as ready bytes with an ETag; a client that has them gets 304. The schema's parse is
 * the same whitelist the per-request serializer would apply, so no field leaks.
 */
export function createCachedJson(cache: Cache) {
  return async function sendCachedJson<S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    options: { key: string; schema: S; load: () => Promise<z.input<S>>; maxAge?: number },
  ) {
    const entry = await cache.get<Entry>(options.key, async () => {
      const body = JSON.stringify(options.schema.parse(await options.load()));
      return { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"` };
    });
    publicCache(reply, options.maxAge);
    reply.header('etag', entry.etag);
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(entry.body);
  };
}
export type SendCachedJson = ReturnType<typeof createCachedJson>;
