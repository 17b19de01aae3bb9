import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { dbKinds } from '../../test/support/test-database';
import { channels } from '../modules/channel/channel.table';
import { vodCategories, vodMediaItems, vodRails } from '../modules/vod/vod.table';
import { demoChannels } from './demo-channels';
import { ensureVodLibrary } from './seed-vod-library';
import type { ChannelSeed } from './types';

const heartland = demoChannels({ events: 0 }).find((s) => s.slug === 'heartland') as ChannelSeed;

describe.each(dbKinds())('the demo library of a channel seeded before it existed, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const counts = async (channelId: number) => {
    const of = async (table: typeof vodCategories | typeof vodMediaItems | typeof vodRails) =>
      (await t.database.db.select({ n: count() }).from(table).where(eq(table.channelId, channelId)))[0]?.n;
    return { categories: await of(vodCategories), items: await of(vodMediaItems), rails: await of(vodRails) };
  };

  it('is added once when the channel has none, and left alone when it has one', async () => {
    const db = t.database.db;
    const [channel] = await db.select().from(channels).where(eq(channels.slug, 'heartland'));
    const channelId = channel?.id as number;
    const seeded = await counts(channelId);
    expect(seeded).toEqual({ categories: 3, items: 12, rails: 3 });
    expect(await ensureVodLibrary(db, heartland, new Date())).toBe(false);

    await db.delete(vodCategories).where(eq(vodCategories.channelId, channelId));
    await db.delete(vodRails).where(eq(vodRails.channelId, channelId));
    expect(await counts(channelId)).toEqual({ categories: 0, items: 0, rails: 0 });
    expect(await ensureVodLibrary(db, heartland, new Date())).toBe(true);
    expect(await counts(channelId)).toEqual(seeded);
    expect(await ensureVodLibrary(db, heartland, new Date())).toBe(false);
    expect(await counts(channelId)).toEqual(seeded);
  });
});
