import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { socialIdentities, type UserTokenKind, users, userTokens } from './users.table';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

function usersQueries(db: Db) {
  return {
    async byId(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async byEmail(channelId: number, email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.channelId, channelId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
        .limit(1);
      return row;
    },
    /** Inserts a user; `undefined` when the e-mail is taken on the channel (the unique index decides, not a race). */
    async insert(values: NewUser, tx: Db = db): Promise<UserRow | undefined> {
      const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
      return row;
    },
    /** Any change but the password's (see `setPassword`). */
    async update(id: number, values: Omit<Partial<NewUser>, 'passwordHash'>): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      return row;
    },
    /**
     * The one way to change a password: every link or code that stands for the account dies with the old password
     * (reset and deletion links, sign-in codes for another device; marked used, so each answers like a used one):
     * whoever held a session before the change keeps nothing that opens one after it. Run it in the transaction
     * that also revokes the sessions.
     */
    async setPassword(
      id: number,
      passwordHash: string,
      values: Omit<Partial<NewUser>, 'passwordHash'> = {},
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...values, passwordHash })
        .where(eq(users.id, id))
        .returning();
      await db
        .update(userTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(userTokens.userId, id),
            inArray(userTokens.kind, ['password_reset', 'delete_account', 'session_code']),
            isNull(userTokens.usedAt),
          ),
        );
      return row;
    },
    /**
     * Counts one download if the user is under the limit (null: unlimited), in one statement so two clicks cannot
     * both pass the check. Returns the new count, or null when the limit is reached.
     */
    async countDownload(id: number, limit: number | null): Promise<number | null> {
      const [row] = await db
        .update(users)
        .set({ downloadsCount: sql`${users.downloadsCount} + 1` })
        .where(and(eq(users.id, id), limit === null ? undefined : lt(users.downloadsCount, limit)))
        .returning({ n: users.downloadsCount });
      return row ? row.n : null;
    },
    /** Counts one clip the same way (one statement, so two requests cannot both pass the limit). */
    async countClip(id: number, limit: number | null): Promise<number | null> {
      const [row] = await db
        .update(users)
        .set({ clipsCount: sql`${users.clipsCount} + 1` })
        .where(and(eq(users.id, id), limit === null ? undefined : lt(users.clipsCount, limit)))
        .returning({ n: users.clipsCount });
      return row ? row.n : null;
    },
    /** Gives back a clip that could not be made: a failed cut does not use up the fan's allowance. */
    async uncountClip(id: number): Promise<void> {
      await db
        .update(users)
        .set({ clipsCount: sql`greatest(${users.clipsCount} - 1, 0)` })
        .where(eq(users.id, id));
    },
    async remove(id: number): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },

    async insertToken(
      values: { userId: number; kind: UserTokenKind; tokenHash: string; expiresAt: Date },
      tx: Db = db,
    ) {
      await tx.insert(userTokens).values(values);
    },
    async tokenByHash(kind: UserTokenKind, tokenHash: string) {
      const [row] = await db
        .select()
        .from(userTokens)
        .where(and(eq(userTokens.kind, kind), eq(userTokens.tokenHash, tokenHash)))
        .limit(1);
      return row;
    },
    /** Marks a token used; false when it was used already (two clicks race for one use). */
    async useToken(id: number): Promise<boolean> {
      const rows = await db
        .update(userTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date())))
        .returning({ id: userTokens.id });
      return rows.length === 1;
    },

    async socialUser(
      channelId: number,
      provider: 'google' | 'facebook',
      subject: string,
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(socialIdentities)
        .innerJoin(users, eq(users.id, socialIdentities.userId))
        .where(
          and(
            eq(socialIdentities.channelId, channelId),
            eq(socialIdentities.provider, provider),
            eq(socialIdentities.subject, subject),
          ),
        )
        .limit(1);
      return row?.user;
    },
    async linkSocial(values: { userId: number; channelId: number; provider: 'google' | 'facebook'; subject: string }) {
      await db.insert(socialIdentities).values(values).onConflictDoNothing();
    },
  };
}
export type UsersRepository = ReturnType<typeof usersQueries> & {
  /**
   * Runs `work` in one transaction: the writes made through repositories bound to `tx` (`withTx`) all commit or
   * all roll back. On PGlite the transaction holds the only connection: inside it use `tx` only, never `db`.
   */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** The same queries run inside a transaction. */
  withTx(tx: Db): UsersRepository;
};

export function createUsersRepository({ db }: { db: Db }): UsersRepository {
  return {
    ...usersQueries(db),
    transaction: (work) => db.transaction(work),
    withTx: (tx) => createUsersRepository({ db: tx }),
  };
}
