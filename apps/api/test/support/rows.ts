import { randomBytes } from 'node:crypto';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import type { NewUser, UserRow } from '../../src/modules/auth/users.repository';
import { users } from '../../src/modules/auth/users.table';
import { events } from '../../src/modules/events/events.table';

/** The seeded channels' ids: heartland (`localhost`) is made first, sofia second. */
export const HEARTLAND = 1;
export const SOFIA = 2;

/** A fresh account on a channel, with a unique e-mail, for repository tests that need a user of their own. */
export async function insertUser(
  db: Db,
  channelId: number,
  label = 'fan',
  values: Partial<NewUser> = {},
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      channelId,
      email: `${label}-${randomBytes(4).toString('hex')}@example.org`,
      firstName: 'Test',
      lastName: label,
      ...values,
    })
    .returning();
  if (!row) throw new Error('user not inserted');
  return row;
}

/** The id of a seeded game of the channel (the lowest id, optionally among those matching `where`). */
export async function seededEventId(db: Db, channelId: number, where?: SQL): Promise<number> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.channelId, channelId), where))
    .orderBy(asc(events.id))
    .limit(1);
  if (!row) throw new Error(`no seeded event on channel ${channelId}`);
  return row.id;
}

/** The one row an insert returned. */
export function one<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('insert returned no row');
  return row;
}
