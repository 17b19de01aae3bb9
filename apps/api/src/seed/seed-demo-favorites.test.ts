import { favoriteSchema } from '@sideline/contract/favorites';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { caller, createTestApp, guestKey, type TestApp } from '../../test/support/test-app';
import { dbKinds } from '../../test/support/test-database';
import { users } from '../modules/auth/users.table';
import { channels } from '../modules/channel/channel.table';
import { favorites } from '../modules/favorites/favorites.table';
import { demoChannels } from './demo-channels';
import { ensureDemoFavorites } from './seed-demo-favorites';

const DEMO_FANS = [
  { slug: 'heartland', host: 'localhost', key: 'hcn_demo_channel_key_localhost', email: 'fan@heartland.example' },
  { slug: 'sofia', host: 'sofia.localhost', key: 'ssn_demo_channel_key_sofia', email: 'fen@sofia.example' },
];

describe.each(dbKinds())('the demo fans’ favorites on a channel seeded without them, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_MAX: '1000' });
  });
  afterAll(() => t.close());

  /** The fan's favorites as the app reads them: signed in through the API, `GET /favorites`. */
  async function favoritesOf(fan: (typeof DEMO_FANS)[number]) {
    const call = caller(t.app);
    const login = await call({
      method: 'POST',
      url: '/api/v2/auth/login',
      key: await guestKey(t.app, fan.key),
      host: fan.host,
      body: { email: fan.email, password: 'Sideline-demo-1' },
    });
    const res = await call({ url: '/api/favorites', key: login.json().data.api_key, host: fan.host });
    return z
      .array(favoriteSchema)
      .parse(res.json().data)
      .map((f) => `${f.favoritable_type}:${f.favoritable_id}`)
      .sort();
  }

  const userId = async (slug: string, email: string) => {
    const [row] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(channels, eq(users.channelId, channels.id))
      .where(and(eq(channels.slug, slug), eq(users.email, email)));
    return row?.id as number;
  };

  it.each(DEMO_FANS)('gives $email the seed’s favorites again, once, and never touches a fan’s own', async (fan) => {
    const seed = demoChannels({ events: 0 }).find((s) => s.slug === fan.slug);
    if (!seed) throw new Error(`no demo channel ${fan.slug}`);
    const seeded = await favoritesOf(fan);
    // Teams, a school and a sport, as the README says.
    expect(new Set(seeded.map((f) => f.split(':')[0]))).toEqual(
      new Set(['participant', 'participant_group', 'event_category']),
    );
    expect(await ensureDemoFavorites(t.database.db, seed)).toBe(0);

    // A channel seeded before favorites existed: the fan follows nothing.
    const id = await userId(fan.slug, fan.email);
    await t.database.db.delete(favorites).where(eq(favorites.userId, id));
    expect(await favoritesOf(fan)).toEqual([]);
    expect(await ensureDemoFavorites(t.database.db, seed)).toBe(1);
    expect(await favoritesOf(fan)).toEqual(seeded);
    expect(await ensureDemoFavorites(t.database.db, seed)).toBe(0);
    expect(await favoritesOf(fan)).toEqual(seeded);

    // A fan who chose one favorite of their own keeps exactly that.
    await t.database.db.delete(favorites).where(eq(favorites.userId, id));
    const [sport] = seeded.filter((f) => f.startsWith('event_category:'));
    await t.database.db
      .insert(favorites)
      .values({ userId: id, favoritableType: 'event_category', favoritableId: Number(sport?.split(':')[1]) });
    expect(await ensureDemoFavorites(t.database.db, seed)).toBe(0);
    expect(await favoritesOf(fan)).toEqual([sport]);
  });
});
