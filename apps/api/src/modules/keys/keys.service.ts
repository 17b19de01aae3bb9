import type { ApiKey } from '@sideline/contract/channel';
import type { Db } from '../../db/client';
import type { CacheBus } from '../../lib/cache/bus';
import { hashToken, randomToken } from '../../lib/tokens';
import type { Channel } from '../channel';
import { keyErrors } from './keys.errors';
import type { KeyRecord, KeysRepository } from './keys.repository';

/** Who is calling: the key's channel and, once logged in, its user. */
export type KeySession = { keyId: number; channelId: number; userId: number | null; temporaryPassword: boolean };

// Verified keys are remembered briefly so hot paths do not hit the database on every call. Revocation in this
// process takes effect at once; other processes hear of it on the cache bus, or at worst within this window.
const VERIFY_CACHE_MS = 10_000;
const VERIFY_CACHE_MAX = 50_000;

export function createKeysService({ repo, ttlDays, bus }: { repo: KeysRepository; ttlDays: number; bus?: CacheBus }) {
  const verified = new Map<string, { row: KeyRecord; until: number }>();
  const activeById = new Map<number, { active: boolean; until: number }>();

  const forgetKey = (keyId: number) => {
    activeById.delete(keyId);
    for (const [hash, entry] of verified) if (entry.row.id === keyId) verified.delete(hash);
  };
  const forgetUser = (userId: number, exceptKeyId?: number) => {
    for (const [hash, entry] of verified) {
      if (entry.row.userId === userId && entry.row.id !== exceptKeyId) verified.delete(hash);
    }
    // This process may hold the user's other keys as active: forget every cached answer (a rare event).
    activeById.clear();
  };
  // What another process revoked: `key:<id>` or `user:<id>:<kept key id or empty>`.
  bus?.subscribe('keys', (message) => {
    const [kind, id, except] = message.split(':');
    if (kind === 'key') forgetKey(Number(id));
    if (kind === 'user') forgetUser(Number(id), except ? Number(except) : undefined);
  });

  const remember = (hash: string, row: KeyRecord) => {
    if (verified.size >= VERIFY_CACHE_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(hash, { row, until: Date.now() + VERIFY_CACHE_MS });
  };

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
      forgetKey(session.keyId);
      bus?.publish('keys', `key:${session.keyId}`);
    },

    /** Signs a user out everywhere (but `exceptKeyId`, when given). */
    async revokeAllForUser(userId: number, exceptKeyId?: number): Promise<void> {
      await repo.revokeAllForUser(userId, exceptKeyId);
      forgetUser(userId, exceptKeyId);
      bus?.publish('keys', `user:${userId}:${exceptKeyId ?? ''}`);
    },
  });

  return {
    /** The session a token opens, or the key error every client recognises. */
    async verify(token: string | undefined): Promise<KeySession> {
      if (!token || token.length < 20 || token.length > 128) throw keyErrors.apiKeyInvalid();
      const hash = hashToken(token);
      const now = Date.now();
      const cached = verified.get(hash);
      let row = cached && cached.until > now ? cached.row : undefined;
      if (!row) {
        row = await repo.findByHash(hash);
        if (row) remember(hash, row);
      }
      if (!row || row.revokedAt || row.expiresAt.getTime() <= now) throw keyErrors.apiKeyInvalid();
      return { keyId: row.id, channelId: row.channelId, userId: row.userId, temporaryPassword: row.temporaryPassword };
    },

    /**
     * Whether a key (by id) is still valid: media tokens die with the key they were minted for. Asked on every
     * segment request, so the answer is remembered like verified keys are.
     */
    async isActive(keyId: number): Promise<boolean> {
      const now = Date.now();
      const cached = activeById.get(keyId);
      if (cached && cached.until > now) return cached.active;
      const row = await repo.byId(keyId);
      const active = !!row && !row.revokedAt && row.expiresAt.getTime() > now;
      if (activeById.size >= VERIFY_CACHE_MAX) activeById.delete(activeById.keys().next().value as number);
      activeById.set(keyId, { active, until: now + VERIFY_CACHE_MS });
      return active;
    },

    ...writes(repo),
    /** The writes inside a transaction: they commit or roll back with it. */
    withTx: (tx: Db) => writes(repo.withTx(tx)),
  };
}
export type KeysService = ReturnType<typeof createKeysService>;
