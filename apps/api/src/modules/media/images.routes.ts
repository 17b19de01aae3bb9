import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Generated channel artwork (crests, banners, slides): public, immutable per name, cached for a day. */
export async function imagesRoutes(app: FastifyInstance, opts: { mediaDir: string }) {
  const root = path.join(opts.mediaDir, 'images');
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/media/images/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=86400');
    },
  });
}
