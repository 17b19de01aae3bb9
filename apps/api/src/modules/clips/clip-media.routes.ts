import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Cache } from '../../lib/cache';
import type { KeysService } from '../keys';
import type { MediaTokens } from '../media';
import { CLIP_UUID, type MediaPaths, mediaErrors, sendFile } from '../media';
import type { ClipsRepository } from './clips.repository';

const PUBLIC_FILES = new Set(['clip.mp4', 'thumb.jpg']);

/**
 * A clip's files. Playing and the thumbnail are public to whoever holds the clip's UUID (the share link; 122
 * random bits), while the clip is ready: a deleted clip stops answering. The download is the maker's signed,
 * expiring link from `GET /clip/download/{id}`, sent as an attachment.
 */
export async function clipMediaRoutes(
  app: FastifyInstance,
  opts: { repo: ClipsRepository; paths: MediaPaths; tokens: MediaTokens; keys: KeysService; cache: Cache },
) {
  // Range requests of one playing clip come many a second; whether it is ready is remembered for a moment.
  const readyName = (uuid: string) =>
    opts.cache.get(`clip-ready:${uuid}`, async () => (await opts.repo.readyByUuid(uuid))?.name ?? null);

  app.get<{ Params: { uuid: string; file: string } }>(
    '/media/clips/:uuid/:file',
    { config: { access: 'none' }, schema: { hide: true } },
    async (request, reply) => {
      const { uuid, file } = request.params;
      if (!CLIP_UUID.test(uuid) || !PUBLIC_FILES.has(file)) throw mediaErrors.notFound();
      if ((await readyName(uuid)) === null) throw mediaErrors.notFound();
      return sendFile(request, reply, path.join(opts.paths.clipDir(uuid), file), {
        'cache-control': 'public, max-age=300',
      });
    },
  );

  app.get<{ Params: { uuid: string; token: string } }>(
    '/media/clips/:uuid/download/:token',
    { config: { access: 'none' }, schema: { hide: true } },
    async (request, reply) => {
      const { uuid, token } = request.params;
      if (!CLIP_UUID.test(uuid)) throw mediaErrors.forbidden();
      const grant = opts.tokens.verify(token);
      if (grant?.purpose !== 'download' || grant.asset !== `clip/${uuid}`) throw mediaErrors.forbidden();
      if (!(await opts.keys.isActive(grant.keyId))) throw mediaErrors.forbidden();
      const name = await readyName(uuid);
      if (name === null) throw mediaErrors.notFound();
      const filename = `${name.replace(/[^A-Za-z0-9 @._-]+/g, '').trim() || 'clip'}.mp4`;
      return sendFile(request, reply, path.join(opts.paths.clipDir(uuid), 'clip.mp4'), {
        'cache-control': 'private, no-store',
        'content-disposition': `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(`${name}.mp4`)}`,
      });
    },
  );
}
