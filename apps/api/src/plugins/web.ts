import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ChannelService } from '../modules/channel/channel.service';
import { sendNotFound } from './error-handler';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The page's policy: own scripts only; media and workers from blobs for hls.js; framable only on the embed route. */
function contentSecurityPolicy(url: string): string {
  const embeddable = url.startsWith('/watch_embed/');
  return [
    "default-src 'self'",
    "script-src 'self' https://www.googletagmanager.com",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https:",
    "worker-src 'self' blob:",
    "frame-src 'self' https://js.stripe.com https://www.google.com",
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors ${embeddable ? '*' : "'self'"}`,
  ].join('; ');
}

/**
 * Serves the built web app: hashed assets cached for a year, and index.html for every other page path
 * (history routing), with the channel's name and language filled in so the first paint is already branded.
 */
async function web(app: FastifyInstance, opts: { distDir: string; channels: ChannelService }) {
  const indexPath = path.join(opts.distDir, 'index.html');
  const hasWeb = existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      index: false,
      wildcard: false,
      globIgnore: ['index.html'],
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  } else {
    app.log.warn({ distDir: opts.distDir }, 'web app not built: run `npm run build` to serve it');
  }
  const template = hasWeb ? readFileSync(indexPath, 'utf8') : '';

  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    let html = template;
    try {
      const channel = await opts.channels.byHost(request.hostname);
      html = html
        .replace(/<html lang="[^"]*"/, `<html lang="${escapeHtml(channel.language)}"`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(channel.name)}</title>`)
        // The splash names the channel: the fan's first paint is text, not only a spinner.
        .replace(
          /(<p class="boot-splash-label">)[^<]*(<\/p>)/,
          (_, open, close) => `${open}${escapeHtml(channel.name)}${close}`,
        );
    } catch {
      // An unknown host still gets the app, which shows its own error screen.
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', contentSecurityPolicy(request.url))
      .send(html);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/analytics/') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (isPage) return sendIndex(request, reply);
    return sendNotFound(reply);
  });
  if (hasWeb) app.get('/', { schema: { hide: true } }, sendIndex);
}

export const webPlugin = fp(web, { name: 'web' });
