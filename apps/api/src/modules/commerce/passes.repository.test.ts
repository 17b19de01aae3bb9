import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTLAND, SOFIA } from '../../../test/support/rows';
import { dbKinds, openTestDatabase } from '../../../test/support/test-database';
import type { Database } from '../../db/client';
import { createPassesRepository, type PassesRepository } from './passes.repository';
import { passes } from './passes.table';

describe.each(dbKinds())('passes repository on %s', (kind) => {
  let database: Database;
  let repo: PassesRepository;
  let made: (typeof passes.$inferSelect)[];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    repo = createPassesRepository({ db: database.db });
    const pass = (name: string, weight: number, extra: Partial<typeof passes.$inferInsert> = {}) => ({
      channelId: HEARTLAND,
      kind: 'package' as const,
      name,
      basePriceCents: 1999,
      serviceFeeCents: 150,
      weight,
      ...extra,
    });
    made = await database.db
      .insert(passes)
      .values([
        pass('Heavy', 10_000),
        pass('Tied A', 9_000),
        pass('Tied B', 9_000),
        pass('Retired', 20_000, { active: false }),
        pass('Plan', 30_000, { kind: 'subscription', offer: 'monthly', period: 1 }),
        pass('Elsewhere', 40_000, { channelId: SOFIA }),
      ])
      .returning();
  });
  afterAll(() => database.close());

  const id = (name: string) => made.find((p) => p.name === name)?.id;

  it('lists a channel’s active passes of one kind, heaviest first, ties by id', async () => {
    const listed = await repo.list(HEARTLAND, 'package', 'USD');
    expect(listed.slice(0, 3).map((p) => p.id)).toEqual([id('Heavy'), id('Tied A'), id('Tied B')]);
    expect(listed.map((p) => p.weight)).toEqual([...listed.map((p) => p.weight)].sort((a, b) => b - a));
    const ids = listed.map((p) => p.id);
    expect(ids).not.toContain(id('Retired'));
    expect(ids).not.toContain(id('Plan'));
    expect(ids).not.toContain(id('Elsewhere'));
    expect(listed.every((p) => p.kind === 'package')).toBe(true);
  });

  it('keeps subscriptions and other channels’ passes to their own lists', async () => {
    expect((await repo.list(HEARTLAND, 'subscription', 'USD'))[0]?.id).toBe(id('Plan'));
    const sofia = await repo.list(SOFIA, 'package', 'EUR');
    expect(sofia[0]?.id).toBe(id('Elsewhere'));
    expect(sofia.map((p) => p.id)).not.toContain(id('Heavy'));
  });

  it('prices a pass in the currency given: base price plus service fee, as the guest sees it', async () => {
    const [heavy] = await repo.list(HEARTLAND, 'package', 'USD');
    expect(heavy).toMatchObject({
      name: 'Heavy',
      price: 21.49,
      base_price: 19.99,
      service_fee: 1.5,
      currency: 'USD',
      purchased: false,
      limits: { clips: 0, downloads: 0 },
    });
  });
});
