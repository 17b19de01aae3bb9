import { createHmac, timingSafeEqual } from 'node:crypto';

/** A play token opens playlists and segments; a download token only the MP4 (issued by the counted call). */
export type MediaPurpose = 'play' | 'download';

/**
 * What a media token grants: one key of one channel, one event (0 for the channel's test feed), one asset, one
 * purpose, until `exp`. The channel lets each media request recheck the channel's geo rules for its address.
 */
export type MediaGrant = {
  keyId: number;
  channelId: number;
  eventId: number;
  asset: string;
  purpose: MediaPurpose;
  exp: number;
};

const PURPOSES: readonly MediaPurpose[] = ['play', 'download'];

/**
 * A grant whose key id is below zero was carried in a game's page for a guest (no api key yet: the page's first
 * visit plays before it has one). It has no key to revoke: it only opens what any guest may watch, until `exp`.
 */
export const isPageGuestGrant = (grant: Pick<MediaGrant, 'keyId'>) => grant.keyId < 0;

/**
 * Signed, short-lived media tokens. They sit in the URL path, so the relative segment URLs inside a playlist
 * carry them too and every playlist and segment request is checked without rewriting playlists.
 */
export function createMediaTokens(secret: string) {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 32);
  return {
    sign(grant: MediaGrant): string {
      const fields = [grant.keyId, grant.channelId, grant.eventId, grant.asset, grant.purpose, grant.exp];
      const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    /** The grant of a token whose signature is right and whose time has not run out; null otherwise. */
    verify(token: string, now = Date.now()): MediaGrant | null {
      const [payload, signature] = token.split('.');
      if (!payload || !signature) return null;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const [keyId, channelId, eventId, asset, purpose, exp] = JSON.parse(
          Buffer.from(payload, 'base64url').toString(),
        ) as [number, number, number, string, MediaPurpose, number];
        if (typeof exp !== 'number' || exp * 1000 <= now || !PURPOSES.includes(purpose)) return null;
        return { keyId, channelId, eventId, asset, purpose, exp };
      } catch {
        return null;
      }
    },
  };
}
export type MediaTokens = ReturnType<typeof createMediaTokens>;
