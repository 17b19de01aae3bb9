import {
  channelFileSchema,
  channelSettingsSchema,
  colorSettingsSchema,
  menuItemSchema,
  pageSchema,
} from '@sideline/contract/channel';
import { passSchema } from '@sideline/contract/commerce';
import { errorBodySchema } from '@sideline/contract/errors';
import { participantGroupSchema, participantSchema } from '@sideline/contract/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';

describe.each(dbKinds())('channel static calls on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = (url: string, host = 'localhost') => t.app.inject({ method: 'GET', url, headers: { host } });

  it('serves each channel its own settings file, chosen by host', async () => {
    const en = await get('/channel.json');
    expect(en.statusCode).toBe(200);
    const enFile = channelFileSchema.parse(en.json());
    expect(enFile).toMatchObject({
      name: 'Heartland Conference Network',
      language: 'en',
      currency: 'USD',
      api_host: '/api',
    });
    expect(enFile['yare-analytics']['yare-analytics-key']).toBe('hcn-demo');
    expect(enFile.prerolls.length).toBeGreaterThan(0);

    const bg = channelFileSchema.parse((await get('/channel.json', 'sofia.localhost:8080')).json());
    expect(bg).toMatchObject({ name: 'Спортна мрежа София', language: 'bg', currency: 'EUR' });
    expect(bg.channel_key).not.toBe(enFile.channel_key);
  });

  it('answers an unknown host with the channel error, not a 500', async () => {
    const res = await get('/api/menu', 'unknown.example');
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.parse(res.json()).error).toMatchObject({
      code: 'channel_not_found',
      message: 'No channel or api key found',
    });
  });

  it('serves the menu with nested children, cacheable per host', async () => {
    const res = await get('/api/menu');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    expect(res.headers.vary).toContain('Host');
    const menu = z.object({ data: z.array(menuItemSchema) }).parse(res.json()).data;
    expect(menu.map((m) => m.url)).toEqual(expect.arrayContaining(['/', '/live', '/schedule', '/vod', '/packages']));
    const more = menu.find((m) => m.name === 'More');
    expect(more?.children.map((c) => c.url)).toContain('/faq');
  });

  it('answers a revalidation with 304 when the content has not changed', async () => {
    const first = await get('/api/menu');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url: '/api/menu', headers: { host: 'localhost', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({ url: '/api/menu', headers: { host: 'sofia.localhost', 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
  });

  it('lists pages without content and serves one page with sanitized HTML', async () => {
    const list = z.object({ data: z.array(pageSchema) }).parse((await get('/api/pages')).json()).data;
    expect(list.map((p) => p.url)).toEqual(
      expect.arrayContaining(['about', 'contacts', 'privacy_policy', 'terms_conditions', 'tickets']),
    );
    expect(list[0]).not.toHaveProperty('content');
    const about = (await get('/api/pages/about')).json().data;
    expect(about.content).toContain('<h2>');
    expect((await get('/api/pages/nope')).statusCode).toBe(404);
    expect((await get('/api/pages/..%2Fetc')).statusCode).toBe(400);
  });

  it('serves the FAQ, settings, colours, slides and the bootstrap', async () => {
    const faq = (await get('/api/faq')).json().data;
    expect(faq.length).toBeGreaterThanOrEqual(5);
    expect(faq.some((f: { answer: string }) => f.answer.includes('30-day trial'))).toBe(true);

    const settings = channelSettingsSchema.parse((await get('/api/settings')).json().data);
    expect(settings).toMatchObject({ language: 'en', currency: 'USD', name: 'Heartland Conference Network' });

    const colors = colorSettingsSchema.parse((await get('/api/color-settings/web')).json().data);
    const sofiaColors = colorSettingsSchema.parse(
      (await get('/api/color-settings/web', 'sofia.localhost')).json().data,
    );
    expect(colors['header-background']).not.toBe(sofiaColors['header-background']);
    expect((await get('/api/color-settings/tv')).statusCode).toBe(400);

    const slides = (await get('/api/slides/web?type=home')).json().data;
    expect(slides.length).toBe(3);
    expect(slides[0]).toMatchObject({ slidable_type: 'event' });
    expect((await get('/api/slides/web?type=nothing')).json().data).toEqual([]);

    const boot = (await get('/api/bootstrap?client_interface=web')).json().data;
    expect(boot.colors).toEqual(colors);
    expect(boot.slides).toEqual(slides);
  });

  it('serves the catalogue: schools, teams with colours and images, sports, venues', async () => {
    const groups = z.array(participantGroupSchema).parse((await get('/api/participant-groups')).json().data);
    expect(groups).toHaveLength(8);
    const teams = z.array(participantSchema).parse((await get('/api/participants')).json().data);
    expect(teams.length).toBeGreaterThanOrEqual(30);
    expect(teams.every((p) => /^#[0-9A-F]{6}$/i.test(p.color) && p.images.logo)).toBe(true);
    const sports = (await get('/api/events-categories')).json().data;
    expect(sports.length).toBeGreaterThanOrEqual(6);
    const venues = (await get('/api/events-locations')).json().data;
    expect(venues.length).toBe(16);

    const northfield = groups.find((g) => g.alias === 'northfield');
    const own = (await get(`/api/participants?participant_group_id=${northfield?.id}`)).json().data;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((p: { participant_group_id: number }) => p.participant_group_id === northfield?.id)).toBe(true);
    const women = (await get('/api/participants?gender=women')).json().data;
    expect(women.every((p: { properties: { gender: string } }) => p.properties.gender === 'women')).toBe(true);
  });

  it('lists packages and subscriptions by weight, descending, in the channel currency', async () => {
    const packages = z.array(passSchema).parse((await get('/api/packages')).json().data);
    expect(packages.map((p) => p.weight)).toEqual([...packages.map((p) => p.weight)].sort((a, b) => b - a));
    expect(packages.find((p) => p.is_basic)?.name).toBe('Basic Pass');
    expect(packages.some((p) => p.is_single_event)).toBe(true);
    expect(packages.some((p) => p.is_team_pass && p.participants.length > 0)).toBe(true);
    expect(packages.some((p) => p.pass_type === 'addition')).toBe(true);
    expect(packages.some((p) => p.event_categories.length > 1)).toBe(true);

    const subs = z.array(passSchema).parse((await get('/api/subscriptions')).json().data);
    expect(subs.map((s) => s.offer).sort()).toEqual(['annual', 'monthly']);
    expect(subs.find((s) => s.offer === 'annual')?.trial_period).toBe(30);

    const euro = (await get('/api/subscriptions', 'sofia.localhost')).json().data;
    expect(euro.every((s: { currency: string }) => s.currency === 'EUR')).toBe(true);

    const paged = (await get('/api/packages?offset=1&limit=2')).json();
    expect(paged.data).toHaveLength(2);
    expect(paged.meta).toEqual({ total: packages.length, offset: 1, limit: 2 });
    expect(paged.data[0].id).toBe(packages[1]?.id);

    const one = (await get(`/api/subscriptions/${subs[0]?.id}`)).json().data;
    expect(one.id).toBe(subs[0]?.id);
    const missing = await get('/api/packages/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ code: 'pass_not_found', message: 'Pass not found' });
    expect((await get('/api/packages/abc')).statusCode).toBe(400);
  });

  it('refuses unknown and malformed query fields with a 400 naming the field', async () => {
    const unknown = await get('/api/menu?foo=1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('validation_failed');
    expect(unknown.json().error.message).toContain('foo');
    const bad = await get('/api/packages?limit=-3');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].path).toBe('query.limit');
  });

  it('answers unknown API paths with the JSON 404', async () => {
    const res = await get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('not_found');
  });
});
