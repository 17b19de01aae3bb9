/**
 * The edge's check of a media token (njs, nginx's JavaScript): the same HMAC-SHA256 signature, expiry, purpose and
 * scope as the API's `modules/media/media-token.ts` and `delivery.routes.ts`, so nginx serves playlists and segments
 * from disk and media bytes never go through Node: a game's and a library item's (`vod-delivery.routes.ts`). `path`
 * is the file to serve under the media folder's `hls/`, or an empty string to refuse (403). What only the API can
 * check (a revoked key, the fan's rights now, the caller's country) nginx asks it with `auth_request`, its answer
 * kept per token and address for at most 20 s (nginx.conf.template); downloads still go through the API.
 */
// biome-ignore lint/style/useNodejsImportProtocol: njs names its built-in module 'crypto'; it has no 'node:' scheme.
import crypto from 'crypto';

const SECRET = process.env.MEDIA_TOKEN_SECRET || '';
// The on-demand library signs with a key of its own (app.ts): an event's token cannot open a library item.
const LIBRARY_SECRET = `${SECRET}:vod-library`;
const FILE = '(master\\.m3u8|\\d{3,4}p\\/(index\\.m3u8|seg_\\d{4,6}\\.ts))';
/** `/media/e/{event}/{token}/{file}` (a game) and `/media/l/{item}/{token}/{file}` (a library item). */
const URI = new RegExp(`^\\/media\\/(e|l)\\/(\\d{1,10})\\/([A-Za-z0-9_-]+)\\.([A-Za-z0-9_-]{32})\\/${FILE}$`);
const SIMULATE_EVENT_ID = 0;
const SIMULATE_FEED = 'live/simulate';
const ASSET = /^(vod|live)\/[a-z0-9-]{1,60}$/;

/** The address as asked: `$uri` changes once try_files picks the file, and headers are set after that. */
function askedPath(r) {
  return r.variables.request_uri.split('?')[0];
}

function grantOf(r) {
  const m = URI.exec(askedPath(r));
  if (!m || SECRET.length < 32) return null;
  const library = m[1] === 'l';
  const payload = m[3];
  const mac = crypto
    .createHmac('sha256', library ? LIBRARY_SECRET : SECRET)
    .update(payload)
    .digest('base64url')
    .slice(0, 32);
  if (mac !== m[4]) return null;
  let fields;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString());
  } catch (_e) {
    return null;
  }
  // njs 0.7 (Debian 12) has no destructuring.
  const eventId = fields[2];
  const asset = fields[3];
  const purpose = fields[4];
  const exp = fields[5];
  if (typeof exp !== 'number' || exp * 1000 <= Date.now() || purpose !== 'play') return null;
  if (String(eventId) !== m[2] || typeof asset !== 'string' || !ASSET.test(asset)) return null;
  // A library item is a recording; a game's live feed is its own (or the test feed's, for event 0).
  if (library) return asset.startsWith('vod/') ? { asset: asset, file: m[5] } : null;
  if (asset.startsWith('live/')) {
    const own = eventId === SIMULATE_EVENT_ID ? SIMULATE_FEED : `live/e${eventId}`;
    if (asset !== own) return null;
  }
  return { asset: asset, file: m[5] };
}

/** The file under `hls/` this request may have, or '' (refused). */
function path(r) {
  const grant = grantOf(r);
  return grant ? `${grant.asset}/${grant.file}` : '';
}

/** Playlists of live feeds change every second; VOD playlists and every segment never change. */
function cacheControl(r) {
  // Only read for a request `path` let through, so the signature is not checked a second time.
  const m = URI.exec(askedPath(r));
  if (!m) return 'no-store';
  if (!m[5].endsWith('.m3u8')) return 'private, max-age=86400, immutable';
  let live = true;
  try {
    live = String(JSON.parse(Buffer.from(m[3], 'base64url').toString())[3]).startsWith('live/');
  } catch (_e) {}
  return live ? 'no-cache' : 'private, max-age=300';
}

export default { path: path, cacheControl: cacheControl };
