import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { EventsPage } from '@sideline/contract/events';
import { type ListingKind, listingFirstPageAddress, listingOfPath } from '@sideline/contract/listings';
import type { Playback } from '@sideline/contract/media';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../lib/html';
import type { Channel, ChannelService } from '../modules/channel';
import { sendNotFound } from './error-handler';
import { sharePreview } from './share-preview';

/**
 * The static calls every page makes at startup (spec section 7): the server answers them inside the page, so the
 * app starts without waiting for them (docs/decisions/0006-fast-start.md). Keys are the addresses the app asks for.
 */
export const BOOT_CALLS = [
  '/channel.json',
  '/api/settings',
  '/api/pages',
  '/api/menu',
  '/api/color-settings/web',
  '/api/slides/web?type=home',
] as const;

/**
 * The boot answers' entry (not an address) for a guest's playback of the game a page opens: the early start uses it
 * on a first visit (no stored key) and starts the stream at once (docs/decisions/0006-fast-start.md).
 */
export const PAGE_PLAYBACK = 'playback';

/**
 * The boot answers' entry for a guest's first page of the listing a page opens (/schedule, /upcoming, /live, /vod
 * with no filter): `{ address, body }`. The early start uses it on a first visit, as it does the playback: the
 * listing's first cards need no key and no call, and their first picture downloads with the page.
 */
export const PAGE_LISTING = 'listing';

/** How long a page waits for its guest playback or listing (a live feed may take seconds to start): then it goes without. */
const PAGE_ANSWER_WAIT_MS = 250;

/** The header that marks the page's own calls for its boot answers, so they do not count against a rate limit. */
export const BOOT_CALL_HEADER = 'x-sideline-boot';

/** JSON safe inside a <script> element: no `</script>`, no HTML comment, no line separators. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The CSP sources of the page's inline scripts (the early start), by their hashes. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(
    /<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/**
 * The page's policy: own scripts (and its own inline early start) only; media and workers from blobs for hls.js;
 * framable only on the embed route.
 */
function contentSecurityPolicy(url: string, inlineScripts: readonly string[]): string {
  const embeddable = url.startsWith('/watch_embed/');
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScripts, 'https://www.googletagmanager.com'].join(' '),
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
 * A game's page: the game's picture is what a fan sees first there (the player's poster until its first frame). Ids
 * of up to nine digits: a longer one is no game (ids are 32-bit), so the database is not asked.
 */
const GAME_PAGE = /^\/watch(?:_embed)?\/([1-9]\d{0,8})\/?(?:\?|$)/;

/** Where the build names the stream's code (apps/web/build/early-start.ts), for a game's page to preload it. */
const GAME_CODE = /<!--sideline-game-code:(\/assets\/[\w.-]+\.js)?-->/;

/** A picture this site's page may load: its own address or https (never another scheme). */
const loadable = (image: unknown): image is string => typeof image === 'string' && /^(\/(?!\/)|https:\/\/)/.test(image);

/**
 * The largest thing a fan sees first on this page, known to the server: the home page's first slide, a game's
 * picture on its page, a listing's first card. It starts downloading with the page (a preload). The splash shows
 * the slide or the game's picture while the app's code loads, where a phone would otherwise show a spinner for a
 * second or more; a listing's first card is one game among many, so its picture only downloads early.
 */
function firstPicture(
  url: string,
  answers: Record<string, unknown>,
  poster: unknown,
  listing: GuestListing | null,
): { href: string; inSplash: boolean } | null {
  if (url.split('?')[0] === '/') {
    const slides = (answers['/api/slides/web?type=home'] as { data?: { image?: unknown }[] } | undefined)?.data;
    const image = slides?.[0]?.image;
    return loadable(image) ? { href: image, inSplash: true } : null;
  }
  if (listing) {
    const image = listing.body.data[0]?.poster;
    return loadable(image) ? { href: image, inSplash: false } : null;
  }
  return loadable(poster) ? { href: poster, inSplash: true } : null;
}

/** A guest's first page of a listing, as the early start files it. */
type GuestListing = { address: string; body: EventsPage };

/** A guest's answer if it comes within the page's wait, else null; it never fails the page. */
function withinWait<T>(answer: Promise<T | null>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(resolve, PAGE_ANSWER_WAIT_MS, null);
  });
  return Promise.race([answer.catch(() => null), late]).finally(() => clearTimeout(timer));
}

/**
 * Serves the built web app: hashed assets cached for a year, and index.html for every other page path
 * (history routing), with the channel's name and language filled in so the first paint is already branded.
 */
async function web(
  app: FastifyInstance,
  opts: {
    distDir: string;
    channels: ChannelService;
    bootSecret: string;
    /** A game's picture as a guest sees it, or null (no such game on this channel). */
    posterOf: (channel: Channel, eventId: number) => Promise<string | null>;
    /** What a guest plays on this game's page, or null (a guest may not play it now). */
    guestPlaybackOf?: (channel: Channel, eventId: number, ip: string) => Promise<Playback | null>;
    /** A guest's first page of an unfiltered listing (what `GET /events` answers at listingFirstPageAddress). */
    guestListingOf?: (channel: Channel, kind: ListingKind) => Promise<EventsPage>;
  },
) {
  const indexPath = path.join(opts.distDir, 'index.html');
  const hasWeb = existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      index: false,
      wildcard: false,
      globIgnore: ['index.html', 'index.html.br', 'index.html.gz'],
      // The build writes .br and .gz copies of its text files (apps/web/vite.config.ts).
      preCompressed: true,
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
  const inlineScripts = inlineScriptHashes(template);
  const gameCode = GAME_CODE.exec(template)?.[1];

  /** The boot calls' answers for this host, by address (the failed ones left out: the app asks again). */
  async function bootAnswers(request: FastifyRequest): Promise<Record<string, unknown>> {
    const answers: Record<string, unknown> = {};
    await Promise.all(
      BOOT_CALLS.map(async (url) => {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { host: request.headers.host ?? request.hostname, [BOOT_CALL_HEADER]: opts.bootSecret },
        });
        if (res.statusCode === 200) answers[url] = res.json();
      }),
    );
    return answers;
  }

  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    let html = template;
    try {
      const channel = await opts.channels.byHost(request.hostname);
      const game = GAME_PAGE.exec(request.url)?.[1];
      // Only an unfiltered listing: a filtered one's address is the fan's own (its query string).
      const kind = listingOfPath(request.url);
      const [answers, preview, poster, playback, listing] = await Promise.all([
        bootAnswers(request),
        opts.channels
          .publicOrigin(channel, request)
          .then((origin) => sharePreview(app, request, { [BOOT_CALL_HEADER]: opts.bootSecret }, origin)),
        game ? opts.posterOf(channel, Number(game)).catch(() => null) : null,
        game && opts.guestPlaybackOf ? withinWait(opts.guestPlaybackOf(channel, Number(game), request.ip)) : null,
        kind && opts.guestListingOf
          ? withinWait(
              opts.guestListingOf(channel, kind).then((body) => ({ address: listingFirstPageAddress(kind), body })),
            )
          : null,
      ]);
      if (playback) answers[PAGE_PLAYBACK] = playback;
      if (listing) answers[PAGE_LISTING] = listing;
      const picture = firstPicture(request.url, answers, poster, listing);
      const preload = picture
        ? `<link rel="preload" as="image" href="${escapeHtml(picture.href)}" fetchpriority="high">`
        : '';
      const boot = `<script id="sideline-boot" type="application/json">${scriptJson(answers)}</script>${preload}`;
      html = html
        // A game's page downloads the stream's code (hls.js) with the page itself, as it does the shell: the early
        // start asks for it only once the page's head is parsed and its own script runs.
        .replace(GAME_CODE, () =>
          game && gameCode ? `<link rel="modulepreload" crossorigin href="${escapeHtml(gameCode)}">` : '',
        )
        // Before the early start, which reads it; the channel file no longer needs its own download.
        .replace(/<link rel="preload" href="\/channel\.json"[^>]*>/, '')
        // Every insertion of text is a replacer function: a replacement string would read `$&`, `$'` or `` $` ``
        // in a clip's name or a channel's as patterns (a copy of the page inside itself).
        .replace('<!--sideline-boot-->', () => boot)
        .replace(/<html lang="[^"]*"/, () => `<html lang="${escapeHtml(channel.language)}"`)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(preview?.title ?? channel.name)}</title>`)
        .replace('</head>', () => `${preview?.tags ?? ''}</head>`)
        // The splash names the channel: the fan's first paint is text, not only a spinner.
        .replace(
          /(<p class="boot-splash-label">)[^<]*(<\/p>)/,
          (_, open, close) => `${open}${escapeHtml(channel.name)}${close}`,
        )
        .replace(/<div class="boot-splash"[^>]*>/, (splash) =>
          picture?.inSplash
            ? `${splash}<img class="boot-splash-picture" src="${escapeHtml(picture.href)}" alt="" fetchpriority="high">`
            : splash,
        );
    } catch {
      // An unknown host still gets the app, which shows its own error screen.
    }
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('content-security-policy', contentSecurityPolicy(request.url, inlineScripts));
    // The page carries the boot answers: compressed, it stays one round trip on a slow phone connection.
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) {
      const quality = { [constants.BROTLI_PARAM_QUALITY]: 5 };
      return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: quality }));
    }
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/analytics/') &&
      // Media addresses are files: an unknown one is a 404, never the app's page.
      !request.url.startsWith('/media/') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (isPage) return sendIndex(request, reply);
    return sendNotFound(reply);
  });
  if (hasWeb) app.get('/', { schema: { hide: true } }, sendIndex);
}

export const webPlugin = fp(web, { name: 'web' });
