import type { Cache } from '../../lib/cache';
import { hasAccess, type ViewerService } from '../access';
import type { Channel } from '../channel';
import type { EventsRepository } from '../events';
import { isPageGuestGrant, type MediaGrant } from './media-token';

/**
 * How long a media request may trust an earlier answer of "this key may still watch this event": the worst case for
 * a change nobody announces (a plan passing its end, an operator's refund or capability change from another
 * process). Announced changes (a payment webhook, a plan's expiry sweep) drop the answer at once, in every process.
 */
export const MEDIA_ACCESS_TTL_MS = 30_000;

/** What a media token is for: a game's media (`/media/e/`) or a library item's (`/media/l/`). */
export type MediaScope = 'event' | 'library';

/** The media answers' cache's name on the cache bus (composition/services.ts names it so). */
export const MEDIA_ACCESS_TOPIC = 'media-access';
/** The tag of a user's remembered answers: `forget` drops them by it. */
export const userTag = (userId: number) => `user:${userId}:`;

/**
 * The rights half of a media request's check (the route checks the signature, the key and the geo of the request):
 * whether the fan a token was minted for may still watch what it opens, by the playback call's own rules (capability
 * `watch`, sign-in, `hasAccess`; `download` for a download link; `vod_media_access` for the library). A refund, a
 * plan's end or a lost capability ends the media within `MEDIA_ACCESS_TTL_MS`, at once when it is announced.
 *
 * Cost per media request: one map lookup (the answer is kept per key, event and purpose). Per key and event, at most
 * every 30 s: the key's owner and the event (two indexed reads) and the viewer (the viewer cache, a 5 s lifetime).
 */
export function createMediaAccess(deps: {
  /** A cache of its own (`MEDIA_ACCESS_TTL_MS`, on the bus), invalidated by `user:<id>:` tags. */
  cache: Cache;
  /** The user a key belongs to (null: a guest key); undefined for an unknown key. */
  keyOwner: (keyId: number) => Promise<{ userId: number | null } | undefined>;
  events: Pick<EventsRepository, 'byId'>;
  viewers: ViewerService;
}) {
  async function decide(
    channel: Channel,
    grant: MediaGrant,
    scope: MediaScope,
  ): Promise<{ allowed: boolean; userId: number | null }> {
    const owner = isPageGuestGrant(grant) ? { userId: null } : await deps.keyOwner(grant.keyId);
    if (!owner) return { allowed: false, userId: null };
    const allowed = (verdict: boolean) => ({ allowed: verdict, userId: owner.userId });
    const session = owner.userId === null ? null : { ...owner, keyId: grant.keyId, channelId: channel.id };
    const viewer = await deps.viewers.of(channel, session && { ...session, temporaryPassword: false });
    if (scope === 'library') return allowed(viewer.userId !== null && viewer.capabilities.includes('vod_media_access'));
    if (grant.purpose === 'download' && !viewer.capabilities.includes('download')) return allowed(false);
    const event = await deps.events.byId(channel.id, grant.eventId);
    return allowed(!!event && hasAccess(event, viewer));
  }

  return {
    /** Whether the grant's fan may still watch what it opens now; the test feed (event 0) asks only for its key. */
    async mayWatch(channel: Channel, grant: MediaGrant, scope: MediaScope = 'event'): Promise<boolean> {
      if (scope === 'event' && grant.eventId === 0) return true;
      // Guests' page grants each have a key id of their own: they share one answer per event.
      const who = isPageGuestGrant(grant) ? 'guest' : `key:${grant.keyId}`;
      const { allowed } = await deps.cache.get(
        `${scope}:${grant.eventId}:${grant.purpose}:${who}`,
        () => decide(channel, grant, scope),
        ({ userId }) => (userId === null ? [] : [userTag(userId)]),
      );
      return allowed;
    },
    /** The user's access changed (a payment, a refund, a plan's end): their media answers go, in every process. */
    forget(userId: number) {
      deps.cache.invalidate(userTag(userId));
    },
  };
}
export type MediaAccess = ReturnType<typeof createMediaAccess>;
