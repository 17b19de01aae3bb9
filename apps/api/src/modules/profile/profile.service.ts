import type { profileUpdateBodySchema, User } from '@sideline/contract/auth';
import type { z } from 'zod';
import type { PasswordHasher } from '../../lib/password';
import type { UserRow, UsersRepository } from '../auth';
import { authErrors, type PassGrants, toAccess, toUser } from '../auth';
import type { Channel } from '../channel';
import type { GeoService } from '../geo';
import type { KeySession, KeysService } from '../keys';
import { profileErrors } from './profile.errors';

type ProfileUpdate = z.infer<typeof profileUpdateBodySchema>;
type UserChanges = Omit<Partial<UserRow>, 'passwordHash'>;

/** The signed-in user's own profile: read, change, and what they may do. Nobody reaches another user's row. */
export function createProfileService({
  users,
  keys,
  hasher,
  geo,
  grantsOf,
}: {
  users: UsersRepository;
  keys: KeysService;
  hasher: PasswordHasher;
  geo: GeoService;
  /** What the user's active purchases add (capabilities, limits, counts); none without commerce. */
  grantsOf?: (channel: Channel, userId: number) => Promise<PassGrants>;
}) {
  const grants = (channel: Channel, userId: number) => grantsOf?.(channel, userId);
  async function current(session: KeySession & { userId: number }): Promise<UserRow> {
    const user = await users.byId(session.userId);
    if (!user) throw authErrors.userNotFound();
    return user;
  }

  // Decided for the address of each request, as `/geo` does: never cache a profile with it by user alone.
  const isGeoBlocked = (channel: Channel, ip: string) => geo.locate(channel, ip).is_geo_blocked;

  /**
   * The new password, the end of every other session (and of every reset link) and a fresh key for this one: all
   * or nothing.
   */
  const changePassword = (channel: Channel, userId: number, passwordHash: string, changes: UserChanges) =>
    users.transaction(async (tx) => {
      const updated = await users.withTx(tx).setPassword(userId, passwordHash, changes);
      if (!updated) throw authErrors.userNotFound();
      const txKeys = keys.withTx(tx);
      await txKeys.revokeAllForUser(userId);
      return { updated, apiKey: (await txKeys.issue(channel, userId)).api_key };
    });

  return {
    current,
    async get(channel: Channel, session: KeySession & { userId: number }, ctx: { ip: string }): Promise<User> {
      const [user, granted] = await Promise.all([current(session), grants(channel, session.userId)]);
      return toUser(user, channel, isGeoBlocked(channel, ctx.ip), granted);
    },

    async update(channel: Channel, session: KeySession & { userId: number }, body: ProfileUpdate, ctx: { ip: string }) {
      const user = await current(session);
      const changes: UserChanges = {};
      let passwordHash: string | null = null;
      if (body.first_name !== undefined) changes.firstName = body.first_name;
      if (body.last_name !== undefined) changes.lastName = body.last_name;
      if (body.phone !== undefined) changes.phone = body.phone ?? null;
      if (body.language !== undefined) changes.language = body.language;
      if (body.password !== undefined) {
        // A temporary password is known to whoever created the account: the user must choose a new one, and
        // need not repeat the old one. Any other change needs the current password.
        if (!user.temporaryPassword) {
          const ok =
            user.passwordHash && body.current_password
              ? await hasher.verify(body.current_password, user.passwordHash)
              : false;
          if (!ok) throw profileErrors.currentPasswordWrong();
        }
        passwordHash = await hasher.hash(body.password);
        changes.temporaryPassword = false;
      } else if (user.temporaryPassword) {
        throw authErrors.passwordChangeRequired();
      }
      const { updated, apiKey } = passwordHash
        ? await changePassword(channel, user.id, passwordHash, changes)
        : { updated: Object.keys(changes).length ? await users.update(user.id, changes) : user, apiKey: null };
      if (!updated) throw authErrors.userNotFound();
      const granted = await grants(channel, user.id);
      return { user: toUser(updated, channel, isGeoBlocked(channel, ctx.ip), granted), api_key: apiKey };
    },

    async access(channel: Channel, session: KeySession & { userId: number }) {
      const [user, granted] = await Promise.all([current(session), grants(channel, session.userId)]);
      return toAccess(user, channel, granted);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
