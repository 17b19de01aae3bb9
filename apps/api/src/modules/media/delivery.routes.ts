import path from 'node:path';
import send from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MediaPaths } from '../../media/media-paths';
import type { KeysService } from '../keys/keys.service';
import { mediaErrors } from './media.errors';
import type { MediaTokens } from './media-token';

/** What may be asked for inside an asset: the master, a rendition's playlist or segment, or the download. */
const FILE = /^(master\.m3u8|(720p|360p)\/(index\.m3u8|seg_\d{4,6}\.ts)|download\.mp4)$/;
const TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.mp4': 'video/mp4',
};

function cacheControl(file: string, live: boolean): string {
  if (file.endsWith('.m3u8')) return live ? 'no-cache' : 'private, max-age=300';
  return 'private, max-age=86400, immutable';
}

/** Streams a file with Range support (MP4 seeking, resumable downloads), the right type and caching. */
async function sendFile(request: FastifyRequest, reply: FastifyReply, file: string, headers: Record<string, string>) {
  const result = await send(request.raw, file, { acceptRanges: true, cacheControl: false, dotfiles: 'deny' });
  if (result.type !== 'file') {
    result.stream.destroy?.();
    return reply.code(404).send({ error: { status: 404, code: 'not_found', message: 'Not found' } });
  }
  reply.code(result.statusCode).headers(result.headers).headers(headers);
  reply.header('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
  return reply.send(result.stream);
}

/**
 * Media delivery. Event media needs a token minted by the playback call; it is checked on every playlist and
 * segment request: signature, expiry, the event in the path, the asset, and that the key is still valid.
 * A refusal is a 403 with the error body and no media bytes. Prerolls are public advertisements.
 */
export async function deliveryRoutes(
  app: FastifyInstance,
  opts: { tokens: MediaTokens; keys: KeysService; paths: MediaPaths },
) {
  app.get<{ Params: { eventId: string; token: string; '*': string } }>(
    '/media/e/:eventId/:token/*',
    { config: { access: 'none' }, schema: { hide: true } },
    async (request, reply) => {
      const { eventId, token } = request.params;
      const file = request.params['*'];
      const grant = opts.tokens.verify(token);
      if (!grant || String(grant.eventId) !== eventId || !FILE.test(file) || !(await opts.keys.isActive(grant.keyId))) {
        throw mediaErrors.forbidden();
      }
      const onDisk =
        file === 'download.mp4' ? opts.paths.mp4File(grant.asset) : path.join(opts.paths.hlsDir(grant.asset), file);
      const headers: Record<string, string> = { 'cache-control': cacheControl(file, grant.asset.startsWith('live/')) };
      if (file === 'download.mp4') headers['content-disposition'] = 'attachment; filename="game.mp4"';
      return sendFile(request, reply, onDisk, headers);
    },
  );

  app.get<{ Params: { name: string; '*': string } }>(
    '/media/prerolls/:name/*',
    { config: { access: 'none' }, schema: { hide: true } },
    async (request, reply) => {
      const { name } = request.params;
      const file = request.params['*'];
      if (!/^[a-z0-9-]{1,60}$/.test(name) || !FILE.test(file) || file === 'download.mp4') throw mediaErrors.forbidden();
      return sendFile(request, reply, path.join(opts.paths.hlsDir(`preroll/${name}`), file), {
        'cache-control': file.endsWith('.m3u8') ? 'public, max-age=300' : 'public, max-age=86400, immutable',
      });
    },
  );
}
