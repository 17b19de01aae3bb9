import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a media token grants: one key, one event (0 for the channel's test feed), one asset, until `exp`. */
export type MediaGrant = { keyId: number; eventId: number; asset: string; exp: number };

/**
 * Signed, short-lived media tokens. They sit in the URL path, so the relative segment URLs inside a playlist
 * carry them too and every playlist and segment request is checked without rewriting playlists.
 */
export function createMediaTokens(secret: string) {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 32);
  return {
    sign(grant: MediaGrant): string {
      const payload = Buffer.from(JSON.stringify([grant.keyId, grant.eventId, grant.asset, grant.exp])).toString(
        'base64url',
      );
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
        const [keyId, eventId, asset, exp] = JSON.parse(Buffer.from(payload, 'base64url').toString()) as [
          number,
          number,
          string,
          number,
        ];
        if (typeof exp !== 'number' || exp * 1000 <= now) return null;
        return { keyId, eventId, asset, exp };
      } catch {
        return null;
      }
    },
  };
}
export type MediaTokens = ReturnType<typeof createMediaTokens>;
