import type { Cache } from '../../lib/cache';
import { capabilitiesOf } from '../auth/user-view';
import type { UsersRepository } from '../auth/users.repository';
import type { Channel } from '../channel/channel.service';
import { type Entitlements, GUEST, NO_ENTITLEMENTS, type Viewer } from '../events/event-access';
import type { KeySession } from '../keys/keys.service';

/** What a user has bought; the commerce work supplies it from active paid orders. */
export type EntitlementsSource = (channel: Channel, userId: number) => Promise<Entitlements>;

/**
 * Who is looking, for access decisions on listings and playback: a guest, or a user with their capabilities and
 * purchases. Remembered for a few seconds per user, so a listing costs no extra queries on a hot path.
 */
export function createViewerService({
  users,
  cache,
  entitlementsOf = async () => NO_ENTITLEMENTS,
}: {
  users: UsersRepository;
  cache: Cache;
  entitlementsOf?: EntitlementsSource;
}) {
  return {
    async of(channel: Channel, session: KeySession | null): Promise<Viewer> {
      if (!session || session.userId === null) return GUEST;
      const userId = session.userId;
      return cache.get(`viewer:${userId}`, async () => {
        const user = await users.byId(userId);
        if (!user) return GUEST;
        return {
          userId,
          capabilities: capabilitiesOf(user, channel),
          entitlements: await entitlementsOf(channel, userId),
        };
      });
    },
    forget(userId: number) {
      cache.invalidate(`viewer:${userId}`);
    },
  };
}
export type ViewerService = ReturnType<typeof createViewerService>;
