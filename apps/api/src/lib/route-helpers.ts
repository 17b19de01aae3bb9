import { errorBodySchema } from '@sideline/contract/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Public, host-scoped data may be cached by browsers and CDNs for a minute and served stale while revalidating.
 * `Vary: Host` because one URL serves a different channel per host name.
 */
export function publicCache(reply: FastifyReply, seconds = 60) {
  reply.header('cache-control', `public, max-age=${seconds}, stale-while-revalidate=${seconds * 5}`);
  reply.header('vary', 'Host, Origin');
}

export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** The common error body (spec section 8) as the response of each status listed: `errorResponses(400, 404)`. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as {
    [K in S[number]]: typeof errorBodySchema;
  };
}

/** Every answer of the routes this plugin registers is a key's or a fan's own: no browser or proxy keeps one. */
export function neverStore(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    noStore(reply);
  });
}
