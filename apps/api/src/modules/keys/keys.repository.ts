import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../auth/users.table';
import { apiKeys } from './api-key.table';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
/** A key with what the request pipeline needs to know of its user. */
export type KeyRecord = ApiKeyRow & { temporaryPassword: boolean };

function keysQueries(db: Db) {
  return {
    async insert(values: {
      channelId: number;
      tokenHash: string;
      expiresAt: Date;
      userId?: number | null;
    }): Promise<ApiKeyRow> {
      const [row] = await db.insert(apiKeys).values(values).returning();
      if (!row) throw new Error('api key insert returned no row');
      return row;
    },
    async findByHash(tokenHash: string): Promise<KeyRecord | undefined> {
      const [row] = await db
        .select({ key: apiKeys, temporaryPassword: users.temporaryPassword })
        .from(apiKeys)
        .leftJoin(users, eq(users.id, apiKeys.userId))
        .where(eq(apiKeys.tokenHash, tokenHash))
        .limit(1);
      return row ? { ...row.key, temporaryPassword: row.temporaryPassword ?? false } : undefined;
    },
    async byId(id: number): Promise<ApiKeyRow | undefined> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
      return row;
    },
    async revoke(id: number): Promise<void> {
      await db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
    },
    /** Revokes every live key of a user, but the one given (password change keeps the current session). */
    async revokeAllForUser(userId: number, exceptId?: number): Promise<void> {
      await db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(
          and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt), exceptId ? ne(apiKeys.id, exceptId) : undefined),
        );
    },
  };
}
export type KeysRepository = ReturnType<typeof keysQueries> & {
  /** The same queries run inside a transaction (`db.transaction(async (tx) => …)`), all or nothing with it. */
  withTx(tx: Db): KeysRepository;
};

export function createKeysRepository({ db }: { db: Db }): KeysRepository {
  return { ...keysQueries(db), withTx: (tx) => createKeysRepository({ db: tx }) };
}
