import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';

describe('transactions on the guarded PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    await database.db.execute(sql`create table j (v int)`);
  });
  afterAll(() => database.close());
  const values = async () => {
    const result = (await database.db.execute(sql`select coalesce(array_agg(v order by v), '{}') as a from j`)) as {
      rows: { a: number[] }[];
    };
    return result.rows[0]?.a;
  };

  it('lets a plain call from inside a transaction join it, and rolls back on an error', async () => {
    const { db } = database;
    let later: Promise<unknown> | undefined;
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into j values (1)`);
      await db.execute(sql`insert into j values (2)`);
      // Started inside (in the transaction's async context), run after the commit: a plain call there must not join
      // the finished transaction, but wait its turn like any other call.
      later = released.then(() => db.execute(sql`insert into j values (4)`));
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into j values (3)`);
        // Released while another transaction is open: joined by mistake, its write would land in this one (the
        // connection is the same) and be rolled back with it.
        release();
        await db.execute(sql`insert into j values (5)`);
        throw new Error('nope');
      }),
    ).rejects.toThrow('nope');
    await later;
    expect(await values()).toEqual([1, 2, 4]);
  });
});
