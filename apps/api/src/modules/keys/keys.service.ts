import type { ApiKey } from '@sideline/contract/channel';
import type { Db } from '../../db/client';
import type { Cache } from '../../lib/cache';
import { hashToken, randomToken } from '../../lib/tokens';
import type { Channel } from '../channel';
import { keyErrors } from './keys.errors';
import type { KeysRepository } from './keys.repository';

/** Who is calling: the key's channel and, once logged in, its user. */
export type KeySession = { keyId: number; channelId: number; userId: number | null; temporaryPassword: boolean };

// Verified keys are remembered briefly (`cache`, KEYS_CACHE_TTL_MS) so hot paths do not hit the database on every
// call. Each entry is tagged with its key and its user: a revocation in this process drops them at once, other
// processes hear of it on the cache's bus, or at worst within its lifetime.
const keyTag = (keyId: number) => `key:${keyId}:`;
const userTag = (userId: number) => `user:${userId}:`;
const tagsOf = (key: { id: number; userId: number | null }) =>
  key.userId === null ? [keyTag(key.id)] : [keyTag(key.id), userTag(key.userId)];

/**
 * `cache` holds verified keys (by token hash) and the answers of `isActive` (by key id): it must not be shared with
 * anything else, as the keys' invalidations drop by `key:` and `user:` prefixes.
 */
export function createKeysService({ repo, ttlDays, cache }: { repo: KeysRepository; ttlDays: number; cache: Cache }) {
  // Within a transaction the cache forgets before the commit: a rollback then only costs one more lookup, and a
  // lookup racing the commit may keep a revoked key for one cache window, as another process would.
  const writes = (repo: KeysRepository) => ({
    /** A new guest key: 256 random bits, returned once, stored only as a hash. */
    async issue(channel: Channel, userId: number | null = null): Promise<ApiKey & { session: KeySession }> {
      const token = randomToken();
      const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
      const row = await repo.insert({ channelId: channel.id, tokenHash: hashToken(token), expiresAt, userId });
      return {
        api_key: token,
        expires_at: expiresAt.toISOString(),
        session: { keyId: row.id, channelId: row.channelId, userId: row.userId, temporaryPassword: false },
      };
    },

    async revoke(session: KeySession): Promise<void> {
      await repo.revoke(session.keyId);
      cache.invalidate(keyTag(session.keyId));
    },

    /** Signs a user out everywhere (but `exceptKeyId`, when given). */
    async revokeAllForUser(userId: number, exceptKeyId?: number): Promise<void> {
      await repo.revokeAllForUser(userId, exceptKeyId);
      // The kept key's entries go too: it is only read again.
      cache.invalidate(userTag(userId));
    },
  });

  return {
    /** The session a token opens, or the key error every client recognises. */
    async verify(token: string | undefined): Promise<KeySession> {
      if (!token || token.length < 20 || token.length > 128) throw keyErrors.apiKeyInvalid();
      const hash = hashToken(token);
      // An unknown token is not remembered (its load fails), so made-up tokens cannot push real keys out.
      const row = await cache.get(
        `token:${hash}`,
        async () => {
          const found = await repo.findByHash(hash);
          if (!found) throw keyErrors.apiKeyInvalid();
          return found;
        },
        tagsOf,
      );
      if (row.revokedAt || row.expiresAt.getTime() <= Date.now()) throw keyErrors.apiKeyInvalid();
      return { keyId: row.id, channelId: row.channelId, userId: row.userId, temporaryPassword: row.temporaryPassword };
    },

    /**
     * Whether a key (by id) is still valid: media tokens die with the key they were minted for. Asked on every
     * segment request, so the answer is remembered like verified keys are.
     */
    async isActive(keyId: number): Promise<boolean> {
      const { active } = await cache.get(
        `${keyTag(keyId)}active`,
        async () => {
          const row = await repo.byId(keyId);
          const active = !!row && !row.revokedAt && row.expiresAt.getTime() > Date.now();
          return { active, userId: row?.userId ?? null };
        },
        ({ userId }) => (userId === null ? [] : [userTag(userId)]),
      );
      return active;
    },

    ...writes(repo),
    /** The writes inside a transaction: they commit or roll back with it. */
    withTx: (tx: Db) => writes(repo.withTx(tx)),
  };
}
export type KeysService = ReturnType<typeof createKeysService>;
