import type { profileUpdateBodySchema, User } from '@sideline/contract/auth';
import type { z } from 'zod';
import type { PasswordHasher } from '../../lib/password';
import { authErrors } from '../auth/auth.errors';
import { toAccess, toUser } from '../auth/user-view';
import type { UserRow, UsersRepository } from '../auth/users.repository';
import type { Channel } from '../channel/channel.service';
import type { KeySession, KeysService } from '../keys/keys.service';

type ProfileUpdate = z.infer<typeof profileUpdateBodySchema>;

/** The signed-in user's own profile: read, change, and what they may do. Nobody reaches another user's row. */
export function createProfileService({
  users,
  keys,
  hasher,
}: {
  users: UsersRepository;
  keys: KeysService;
  hasher: PasswordHasher;
}) {
  async function current(session: KeySession & { userId: number }): Promise<UserRow> {
    const user = await users.byId(session.userId);
    if (!user) throw authErrors.userNotFound();
    return user;
  }

  return {
    current,
    async get(channel: Channel, session: KeySession & { userId: number }): Promise<User> {
      return toUser(await current(session), channel);
    },

    async update(channel: Channel, session: KeySession & { userId: number }, body: ProfileUpdate) {
      const user = await current(session);
      const changes: Partial<UserRow> = {};
      if (body.first_name !== undefined) changes.firstName = body.first_name;
      if (body.last_name !== undefined) changes.lastName = body.last_name;
      if (body.phone !== undefined) changes.phone = body.phone ?? null;
      if (body.language !== undefined) changes.language = body.language;
      let apiKey: string | null = null;
      if (body.password !== undefined) {
        // A temporary password is known to whoever created the account: the user must choose a new one, and
        // need not repeat the old one. Any other change needs the current password.
        if (!user.temporaryPassword) {
          const ok =
            user.passwordHash && body.current_password
              ? await hasher.verify(body.current_password, user.passwordHash)
              : false;
          if (!ok) throw authErrors.currentPasswordWrong();
        }
        changes.passwordHash = await hasher.hash(body.password);
        changes.temporaryPassword = false;
      } else if (user.temporaryPassword) {
        throw authErrors.passwordChangeRequired();
      }
      const updated = Object.keys(changes).length ? await users.update(user.id, changes) : user;
      if (!updated) throw authErrors.userNotFound();
      if (changes.passwordHash) {
        // Every other session ends; this one continues on a fresh key.
        await keys.revokeAllForUser(user.id);
        apiKey = (await keys.issue(channel, user.id)).api_key;
      }
      return { user: toUser(updated, channel), api_key: apiKey };
    },

    async access(channel: Channel, session: KeySession & { userId: number }) {
      return toAccess(await current(session), channel);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
