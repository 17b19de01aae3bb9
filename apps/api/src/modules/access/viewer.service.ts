import type { Capability } from '@sideline/contract/enums';
import type { Cache } from '../../lib/cache';
import type { UsersRepository } from '../auth';
import { capabilitiesOf } from '../auth';
import type { Channel } from '../channel';
import type { KeySession } from '../keys';
import { type Entitlements, GUEST, NO_ENTITLEMENTS, type Viewer } from './event-access';

/**
 * What a user has bought (the commerce work supplies it from active paid orders): what it covers, the capabilities
 * of the passes bought (added to the user's own) and the counter limits they raise.
 */
export type EntitlementsSource = (
  channel: Channel,
  userId: number,
) => Promise<{
  entitlements: Entitlements;
  capabilities: readonly Capability[];
  limits?: { clips: number; downloads: number };
}>;

/** The viewers' cache's name on the cache bus (composition/services.ts names it so). */
export const VIEWERS_TOPIC = 'viewers';
/** A user's entry in the viewers' cache. */
export const viewerKey = (userId: number) => `viewer:${userId}`;

/**
 * Who is looking, for access decisions on listings and playback: a guest, or a user with their capabilities and
 * purchases. Remembered for a few seconds per user, so a listing costs no extra queries on a hot path; a payment
 * forgets it (`forget`), so access follows at once.
 */
export function createViewerService({
  users,
  cache,
  entitlementsOf = async () => ({ entitlements: NO_ENTITLEMENTS, capabilities: [] }),
}: {
  users: UsersRepository;
  cache: Cache;
  entitlementsOf?: EntitlementsSource;
}) {
  return {
    async of(channel: Channel, session: KeySession | null): Promise<Viewer> {
      if (!session || session.userId === null) return GUEST;
      const userId = session.userId;
      return cache.get(viewerKey(userId), async () => {
        const user = await users.byId(userId);
        if (!user) return GUEST;
        const granted = await entitlementsOf(channel, userId);
        const defaults = channel.extras.accountDefaults.limits;
        return {
          userId,
          capabilities: [...new Set([...capabilitiesOf(user, channel), ...granted.capabilities])],
          entitlements: granted.entitlements,
          limits: {
            clips: defaults.clips === null ? null : Math.max(defaults.clips, granted.limits?.clips ?? 0),
            downloads:
              defaults.downloads === null ? null : Math.max(defaults.downloads, granted.limits?.downloads ?? 0),
          },
        };
      });
    },
    forget(userId: number) {
      cache.invalidate(viewerKey(userId));
    },
  };
}
export type ViewerService = ReturnType<typeof createViewerService>;
