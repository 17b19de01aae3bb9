import type { FastifyReply } from 'fastify';

/**
 * Public, host-scoped data may be cached by browsers and CDNs for a minute and served stale while revalidating.
 * `Vary: Host` because one URL serves a different channel per host name.
 */
export function publicCache(reply: FastifyReply, seconds = 60) {
  reply.header('cache-control', `public, max-age=${seconds}, stale-while-revalidate=${seconds * 5}`);
  reply.header('vary', 'Host, Origin');
}

export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
