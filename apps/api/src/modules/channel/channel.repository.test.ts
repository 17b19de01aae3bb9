import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTLAND, one, SOFIA } from '../../../test/support/rows';
import { dbKinds, openTestDatabase } from '../../../test/support/test-database';
import type { Database } from '../../db/client';
import { type ChannelRepository, createChannelRepository, settingsOf } from './channel.repository';
import { faqs, menuItems, pages, prerolls, slides } from './channel.table';

describe.each(dbKinds())('channel repository on %s', (kind) => {
  let database: Database;
  let repo: ChannelRepository;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    repo = createChannelRepository({ db: database.db });
  });
  afterAll(() => database.close());

  it('lists every channel with its own host names', async () => {
    const all = await repo.listChannelsWithHosts();
    const bySlug = new Map(all.map((c) => [c.channel.slug, c]));
    expect(bySlug.get('heartland')?.channel.id).toBe(HEARTLAND);
    expect(bySlug.get('heartland')?.hosts.sort()).toEqual(['127.0.0.1', 'localhost', '[::1]'].sort());
    expect(bySlug.get('sofia')).toMatchObject({ channel: { id: SOFIA, currency: 'EUR' }, hosts: ['sofia.localhost'] });
    const sofia = bySlug.get('sofia')?.channel;
    if (!sofia) throw new Error('no sofia');
    expect(settingsOf(sofia, [])).toMatchObject({ name: sofia.name, currency: 'EUR', prerolls: [] });
  });

  it('builds the menu as a tree: children under their parent, each level by position then id', async () => {
    const db = database.db;
    const parent = one(
      await db
        .insert(menuItems)
        .values({ channelId: HEARTLAND, name: 'Zz parent', url: '/zz', position: 1000 })
        .returning(),
    );
    const [second, first, tied] = await db
      .insert(menuItems)
      .values([
        { channelId: HEARTLAND, parentId: parent.id, name: 'second', url: '/zz/2', position: 2 },
        { channelId: HEARTLAND, parentId: parent.id, name: 'first', url: '/zz/1', position: 1 },
        { channelId: HEARTLAND, parentId: parent.id, name: 'tied', url: '/zz/3', position: 2 },
      ])
      .returning();
    const grandchild = one(
      await db
        .insert(menuItems)
        .values({ channelId: HEARTLAND, parentId: first?.id, name: 'deep', url: '/zz/1/a', target: 'external' })
        .returning(),
    );

    const menu = await repo.menu(HEARTLAND);
    expect(menu.map((m) => m.position)).toEqual([...menu.map((m) => m.position)].sort((a, b) => a - b));
    const top = menu.at(-1);
    expect(top?.name).toBe('Zz parent');
    expect(top?.children.map((c) => c.id)).toEqual([first?.id, second?.id, tied?.id]);
    expect(top?.children[0]?.children).toEqual([
      { id: grandchild.id, name: 'deep', url: '/zz/1/a', target: 'external', position: 0, children: [] },
    ]);
    // No child shows at the top level, and another channel's menu has none of these.
    const topIds = menu.map((m) => m.id);
    expect(topIds).not.toContain(first?.id);
    const sofia = JSON.stringify(await repo.menu(SOFIA));
    expect(sofia).not.toContain('Zz parent');
    expect(sofia).not.toContain('/zz/1/a');
  });

  it('gives pages, questions and prerolls of the channel asked, in order', async () => {
    const db = database.db;
    const page = one(
      await db
        .insert(pages)
        .values({ channelId: SOFIA, url: '/zz-page', name: 'Zz', altName: 'Alt', content: '<p>x</p>', position: 1000 })
        .returning(),
    );
    const [late, early] = await db
      .insert(faqs)
      .values([
        { channelId: HEARTLAND, question: 'Late?', answer: 'b', position: 1001 },
        { channelId: HEARTLAND, question: 'Early?', answer: 'a', position: 1000 },
      ])
      .returning();
    const roll = one(
      await db
        .insert(prerolls)
        .values({ channelId: SOFIA, url: '/ads/zz.mp4', weight: 3, eventCategories: [7], forVod: false })
        .returning(),
    );

    const sofiaPages = await repo.pages(SOFIA);
    expect(sofiaPages.at(-1)).toEqual({
      id: page.id,
      url: '/zz-page',
      name: 'Zz',
      alt_name: 'Alt',
      content: '<p>x</p>',
      translations: {},
    });
    expect((await repo.pages(HEARTLAND)).map((p) => p.id)).not.toContain(page.id);

    const questions = await repo.faq(HEARTLAND);
    expect(questions.slice(-2).map((q) => q.id)).toEqual([early?.id, late?.id]);
    expect((await repo.faq(SOFIA)).map((q) => q.id)).not.toContain(early?.id);

    const rolls = await repo.prerolls(SOFIA);
    expect(rolls.map((r) => r.id)).toEqual([...rolls.map((r) => r.id)].sort((a, b) => a - b));
    expect(rolls.at(-1)).toEqual({
      id: roll.id,
      url: '/ads/zz.mp4',
      weight: 3,
      location_id: null,
      event_categories: [7],
      for_live: true,
      for_vod: false,
    });
    expect((await repo.prerolls(HEARTLAND)).map((r) => r.id)).not.toContain(roll.id);
  });

  it('gives the slides of one channel and one client interface, by position', async () => {
    const base = { channelId: HEARTLAND, title: 'Zz', image: '/s.jpg', slidableType: 'url', url: 'https://x.test' };
    const [tv, later, sooner] = await database.db
      .insert(slides)
      .values([
        { ...base, clientInterface: 'tv', title: 'On TV', position: 0 },
        { ...base, title: 'Later', position: 1001 },
        { ...base, title: 'Sooner', position: 1000 },
      ])
      .returning();
    const web = await repo.slides(HEARTLAND, 'web');
    expect(web.slice(-2).map((s) => s.id)).toEqual([sooner?.id, later?.id]);
    expect(web.map((s) => s.id)).not.toContain(tv?.id);
    expect(web.at(-1)).toMatchObject({ type: 'home', slidable_type: 'url', slidable_id: null, url: 'https://x.test' });
    expect((await repo.slides(HEARTLAND, 'tv')).map((s) => s.title)).toEqual(['On TV']);
    expect((await repo.slides(SOFIA, 'web')).map((s) => s.id)).not.toContain(later?.id);
  });
});
