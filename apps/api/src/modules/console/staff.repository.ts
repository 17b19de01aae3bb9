import type { StaffRole } from '@sideline/contract/console';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../auth/users.table';

/** The console's people: an account's role, read and changed in the transaction that records the change. */
export const staffRepository = {
  /** The account's current role, its row locked until `tx` ends; undefined when the channel has no such account. */
  async roleForUpdate(tx: Db, channelId: number, userId: number): Promise<{ role: StaffRole | null } | undefined> {
    const [row] = await tx
      .select({ role: users.role })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.channelId, channelId)))
      .for('update');
    return row;
  },
  async setRole(tx: Db, userId: number, role: StaffRole | null): Promise<void> {
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
  },
};

/** The channel's people with a console role (not the platform's admins), and how many owners it has. */
export const staffQueries = {
  async list(db: Db, channelId: number) {
    return db
      .select()
      .from(users)
      .where(and(eq(users.channelId, channelId), inArray(users.role, ['owner', 'operator', 'analyst'])))
      .orderBy(asc(users.email));
  },
  async owners(tx: Db, channelId: number): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.channelId, channelId), eq(users.role, 'owner')));
    return row?.n ?? 0;
  },
};
