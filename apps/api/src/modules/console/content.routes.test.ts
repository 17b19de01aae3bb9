import { consoleFaqSchema, consoleMenuItemSchema, consolePageSchema } from '@sideline/contract/console-content';
import { errorBodySchema } from '@sideline/contract/errors';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../../../test/support/accounts';
import { createTestApp, demoFanKey, guestKey, SOFIA_KEY, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { channels, faqs, menuItems } from '../channel/channel.table';
import { auditLog } from './audit.table';
import { COMMAND_ACTOR } from './console.service';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(dbKinds())('the console’s navigation and content on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let operator: string;
  let analyst: string;
  let heartlandId: number;

  const call = (method: Method, path: string, key: string | null, body?: object) =>
    t.app.inject({
      method,
      url: `/api/console${path}${(method === 'GET' || method === 'DELETE') && key ? `?api_key=${key}` : ''}`,
      headers: { host: 'localhost' },
      ...(method === 'GET' || method === 'DELETE'
        ? {}
        : { payload: { ...(body ?? {}), ...(key ? { api_key: key } : {}) } }),
    });
  const fan = (url: string) => t.app.inject({ url: `/api${url}`, headers: { host: 'localhost' } });
  const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const auditOf = (entity: string) =>
    t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.channelId, heartlandId), eq(auditLog.entity, entity)))
      .orderBy(auditLog.id);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [heartland] = await t.services.db.select().from(channels).where(eq(channels.slug, 'heartland'));
    heartlandId = heartland?.id ?? 0;
    owner = await demoFanKey(t.app, 'owner@heartland.example');
    analyst = await demoFanKey(t.app, 'analyst@heartland.example');
    // An operator of the channel, given the role as the command line gives it.
    const { key, user } = await newAccount(t, 'operator@heartland.example');
    await t.services.console.setRole(user.channelId, user.id, 'operator', COMMAND_ACTOR);
    operator = key;
  }, 120_000);
  afterAll(() => t?.close());

  it('lists each kind to an analyst; writes are for operators and owners of the channel', async () => {
    for (const path of ['/menu-items', '/pages', '/faqs', '/slides']) {
      const res = await call('GET', path, analyst);
      expect(res.statusCode, path).toBe(200);
      expect(res.json().data.length, path).toBeGreaterThan(0);
    }
    const sofiaOwner = await demoFanKey(t.app, 'owner@sofia.example', { key: SOFIA_KEY, host: 'sofia.localhost' });
    const entry = { question: 'Who?', answer: '<p>Us.</p>' };
    for (const key of [analyst, await demoFanKey(t.app), await guestKey(t.app), sofiaOwner, null]) {
      for (const res of [
        await call('POST', '/faqs', key, entry),
        await call('PATCH', '/faqs/1', key, entry),
        await call('DELETE', '/faqs/1', key),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(errorOf(res).code).toBe('console_role_required');
      }
    }
    for (const key of [await demoFanKey(t.app), await guestKey(t.app), sofiaOwner, null]) {
      expect((await call('GET', '/pages', key)).statusCode).toBe(403);
    }
  });

  it('stores a page with no script left, and a fan reads it clean, in French when asked', async () => {
    // The fans' answers are cached before the change: the change must drop them.
    await fan('/pages');
    const made = await call('POST', '/pages', operator, {
      url: 'season-passes',
      name: 'Tickets',
      content:
        '<p onclick="steal()">Buy <a href="javascript:alert(1)">here</a></p><script>alert(1)</script><img src="/x.png" onerror="alert(2)">',
      translations: { fr: { name: 'Billets', content: '<p>Achetez <script>alert(3)</script>ici</p>' } },
    });
    expect(made.statusCode).toBe(201);
    const page = consolePageSchema.parse(made.json().data);
    for (const html of [page.content, page.translations.fr?.content ?? '']) {
      expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
    }
    expect(page.content).toContain('Buy');
    expect((await fan('/pages')).json().data.map((p: { url: string }) => p.url)).toContain('season-passes');

    const en = (await fan('/pages/season-passes')).json().data;
    expect(en.name).toBe('Tickets');
    expect(en.content).not.toMatch(/script|onclick|onerror|javascript:/i);
    const fr = (await fan('/pages/season-passes?lang=fr')).json().data;
    expect(fr).toMatchObject({ name: 'Billets', content: '<p>Achetez ici</p>' });
    // A language the page lacks falls back to the channel's text.
    expect((await fan('/pages/season-passes?lang=bg')).json().data.name).toBe('Tickets');
    expect((await fan('/pages/season-passes?lang=xx')).statusCode).toBe(400);

    const taken = await call('POST', '/pages', operator, { url: 'season-passes', name: 'Again' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).code).toBe('page_url_taken');
    const renamed = await call('PATCH', `/pages/${page.id}`, operator, { url: 'about' });
    expect(renamed.statusCode).toBe(409);
    expect(errorOf(renamed).field).toBe('url');
    expect((await auditOf('page')).map((e) => e.action)).toEqual(['page.create']);
  });

  it('gives two pages renamed to one free address at once one 200 and one 409, never a 500', async () => {
    const made = await Promise.all(
      ['race-a', 'race-b'].map(async (url) => (await call('POST', '/pages', operator, { url, name: url })).json().data),
    );
    const answers = await Promise.all(
      made.map((page: { id: number }) => call('PATCH', `/pages/${page.id}`, operator, { url: 'race-won' })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.statusCode === 409);
    expect(refused && errorOf(refused).code).toBe('page_url_taken');
    expect((await fan('/pages/race-won')).statusCode).toBe(200);
    for (const page of made) expect((await call('DELETE', `/pages/${page.id}`, operator)).statusCode).toBe(200);
  });

  it('edits, reorders and deletes FAQ entries: fans see each change at once, each audited', async () => {
    const before = (await fan('/faq')).json().data as { id: number }[];
    const made = await call('POST', '/faqs', owner, {
      question: 'Is it free?',
      answer: '<p>Some games are.</p>',
      position: 0,
      translations: { fr: { question: 'Est-ce gratuit ?', answer: '<p>Certains matchs le sont.</p>' } },
    });
    expect(made.statusCode).toBe(201);
    const entry = consoleFaqSchema.parse(made.json().data);
    const fr = (await fan('/faq?lang=fr')).json().data as { id: number; question: string }[];
    expect(fr.find((f) => f.id === entry.id)?.question).toBe('Est-ce gratuit ?');
    expect(fr).toHaveLength(before.length + 1);

    const moved = await call('PATCH', `/faqs/${entry.id}`, owner, {
      position: 9999,
      answer: '<b>Yes</b><script>x</script>',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.answer).toBe('<b>Yes</b>');
    const list = (await fan('/faq')).json().data as { id: number; answer: string }[];
    expect(list.at(-1)).toMatchObject({ id: entry.id, answer: '<b>Yes</b>' });

    expect((await call('DELETE', `/faqs/${entry.id}`, owner)).json()).toEqual({ data: { ok: true } });
    expect((await call('DELETE', `/faqs/${entry.id}`, owner)).statusCode).toBe(404);
    expect(((await fan('/faq')).json().data as { id: number }[]).some((f) => f.id === entry.id)).toBe(false);
    const log = await auditOf('faq');
    expect(log.map((e) => e.action)).toEqual(['faq.create', 'faq.update', 'faq.delete']);
    expect(log[1]?.before).toMatchObject({ position: 0 });
    expect(log[1]?.after).toMatchObject({ position: 9999, answer: '<b>Yes</b>' });
  });

  it('nests a menu item under another, refuses a loop, and keeps the children of a deleted parent', async () => {
    const parent = consoleMenuItemSchema.parse(
      (await call('POST', '/menu-items', owner, { name: 'More', url: '/more' })).json().data,
    );
    const child = await call('POST', '/menu-items', owner, {
      name: 'Club',
      url: 'https://example.com',
      target: 'external',
      parent_id: parent.id,
    });
    expect(child.statusCode).toBe(201);
    const childId = child.json().data.id;
    const menu = (await fan('/menu')).json().data as { id: number; children: { id: number }[] }[];
    expect(menu.find((m) => m.id === parent.id)?.children.map((c) => c.id)).toEqual([childId]);

    const loop = await call('PATCH', `/menu-items/${parent.id}`, owner, { parent_id: childId });
    expect(loop.statusCode).toBe(400);
    expect(errorOf(loop).field).toBe('parent_id');
    const [theirs] = await t.services.db.select().from(menuItems).where(ne(menuItems.channelId, heartlandId)).limit(1);
    expect((await call('PATCH', `/menu-items/${childId}`, owner, { parent_id: theirs?.id })).statusCode).toBe(400);

    expect((await call('DELETE', `/menu-items/${parent.id}`, owner)).statusCode).toBe(200);
    const after = (await fan('/menu')).json().data as { id: number }[];
    expect(after.some((m) => m.id === childId)).toBe(true);
  });

  it('answers 404 for another channel’s ids and unknown ids, changing nothing', async () => {
    const [theirs] = await t.services.db.select().from(faqs).where(ne(faqs.channelId, heartlandId)).limit(1);
    for (const res of [
      await call('PATCH', `/faqs/${theirs?.id}`, owner, { question: 'Mine now' }),
      await call('DELETE', `/faqs/${theirs?.id}`, owner),
      await call('PATCH', '/slides/2147483647', owner, { title: 'x' }),
      await call('DELETE', '/pages/2147483647', owner),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('not_found');
    }
    const [still] = await t.services.db
      .select()
      .from(faqs)
      .where(eq(faqs.id, theirs?.id ?? 0));
    expect(still?.question).toBe(theirs?.question);
  });

  it('refuses bad input field by field in the common body, writing nothing', async () => {
    const before = (await t.services.db.select().from(auditLog)).length;
    const bad: [Method, string, object][] = [
      ['POST', '/menu-items', { name: 'x\u0000y', url: '/x' }],
      ['POST', '/menu-items', { name: 'Evil', url: 'javascript:alert(1)' }],
      ['POST', '/menu-items', { name: 'Big', url: '/x', position: 1e12 }],
      ['POST', '/menu-items', { name: 'Big', url: '/x', parent_id: 2 ** 40 }],
      ['POST', '/pages', { url: 'Has Spaces', name: 'x' }],
      ['POST', '/pages', { url: 'ok', name: 42 }],
      ['POST', '/pages', { url: 'ok', name: 'x', translations: { de: { name: 'Hallo' } } }],
      ['POST', '/faqs', { question: 'Q', answer: 'A', extra: true }],
      ['POST', '/slides', { title: 'Slide', image: '/s.png', slidable_type: 'nothing' }],
      ['POST', '/slides', { title: 'Slide', image: '/s.png', url: 'javascript:alert(1)' }],
      ['PATCH', '/faqs/abc', { question: 'Q' }],
      ['PATCH', '/faqs/99999999999999', { question: 'Q' }],
    ];
    for (const [method, path, body] of bad) {
      const res = await call(method, path, owner, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(errorOf(res).code).toBe('validation_failed');
    }
    expect((await t.services.db.select().from(auditLog)).length).toBe(before);
  });

  it('adds a slide fans see on the home page at once', async () => {
    await fan('/slides/web?type=home');
    const made = await call('POST', '/slides', owner, { title: 'Finals week', image: '/img/finals.jpg', url: '/live' });
    expect(made.statusCode).toBe(201);
    const slides = (await fan('/slides/web?type=home')).json().data as { title: string }[];
    expect(slides.map((s) => s.title)).toContain('Finals week');
    expect((await auditOf('slide')).map((e) => e.action)).toEqual(['slide.create']);
  });
});
