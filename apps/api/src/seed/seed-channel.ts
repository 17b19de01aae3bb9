import { BASIC_PASS_FIELD, PASSES_FORM_ALIAS } from '@sideline/contract/custom-forms';
import type { Db } from '../db/client';
import type { PasswordHasher } from '../lib/password';
import { sanitizeChannelHtml } from '../lib/sanitize';
import { eventCategories, eventLocations, participantGroups, participants } from '../modules/catalog/catalog.table';
import { channelHosts, channels, faqs, menuItems, pages, prerolls, slides } from '../modules/channel/channel.table';
import { clipTags } from '../modules/clips/clips.table';
import { customForms } from '../modules/custom-forms/custom-forms.table';
import { events } from '../modules/events/events.table';
import { artworkPaths, teamAlias } from './artwork';
import { demoClipTags } from './demo/shared';
import { vodKey } from './demo-media';
import { createRandom } from './random';
import { type EventInsert, generateSchedule, type TeamRef } from './schedule';
import { insertAccounts } from './seed-accounts';
import { insertCoupons, insertPasses } from './seed-passes';
import { insertVodLibrary } from './seed-vod-library';
import type { ChannelSeed } from './types';

// Rows per INSERT: well under PostgreSQL's 65535 bind parameters for the 21 event columns.
const EVENT_BATCH = 2000;

const one = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error('insert returned no row');
  return row;
};

/** Inserts one channel with its catalogue, content, passes, coupons, schedule and demo accounts, in one transaction. */
export async function seedChannel(
  db: Db,
  seed: ChannelSeed,
  { anchor, hasher }: { anchor: Date; hasher: PasswordHasher },
): Promise<{ channelId: number; events: number }> {
  const art = artworkPaths(seed.slug);
  const random = createRandom(seed.slug);
  const passwordHashes = await Promise.all(seed.users.map((u) => hasher.hash(u.password)));
  return db.transaction(async (tx) => {
    const channel = one(
      await tx
        .insert(channels)
        .values({
          slug: seed.slug,
          name: seed.name,
          shortName: seed.shortName,
          description: seed.description,
          channelKey: seed.channelKey,
          language: seed.language,
          currency: seed.currency,
          timeZone: seed.timeZone,
          logo: art.crest(seed.schools[0]?.alias ?? 'logo'),
          colors: seed.colors,
          extras: seed.extras,
        })
        .returning({ id: channels.id }),
    );
    const channelId = channel.id;
    await tx.insert(channelHosts).values(seed.hosts.map((host) => ({ host, channelId })));

    const sportRows = await tx
      .insert(eventCategories)
      .values(
        seed.sports.map((s, i) => ({
          channelId,
          name: s.name,
          alias: s.alias,
          image: art.sport(s.alias),
          position: i,
        })),
      )
      .returning({ id: eventCategories.id, alias: eventCategories.alias });
    const sportId = new Map(sportRows.map((r) => [r.alias, r.id]));

    const groupRows = await tx
      .insert(participantGroups)
      .values(
        seed.schools.map((s) => ({
          channelId,
          alias: s.alias,
          name: s.name,
          shortName: s.shortName,
          image: art.crest(s.alias),
          color: s.color,
          properties: s.properties,
        })),
      )
      .returning({ id: participantGroups.id, alias: participantGroups.alias });
    const groupId = new Map(groupRows.map((r) => [r.alias, r.id]));

    const venues = new Map<string, { stadiumId: number; arenaId: number }>();
    for (const s of seed.schools) {
      const rows = await tx
        .insert(eventLocations)
        .values(
          [s.stadium, s.arena].map((name) => ({
            channelId,
            name,
            address: null,
            city: s.city,
            state: s.state,
            country: s.country,
            timeZone: s.timeZone,
          })),
        )
        .returning({ id: eventLocations.id });
      venues.set(s.alias, { stadiumId: one(rows.slice(0, 1)).id, arenaId: one(rows.slice(1)).id });
    }

    const teamRefs: TeamRef[] = [];
    for (const t of seed.teams) {
      const school = seed.schools.find((s) => s.alias === t.school);
      const sport = seed.sports.find((s) => s.alias === t.sport);
      const gid = groupId.get(t.school);
      const cid = sportId.get(t.sport);
      if (!school || !sport || !gid || !cid)
        throw new Error(`team ${t.school}/${t.sport} names an unknown school or sport`);
      const alias = teamAlias(t.school, t.sport, t.gender);
      const row = one(
        await tx
          .insert(participants)
          .values({
            channelId,
            participantGroupId: gid,
            eventCategoryId: cid,
            alias,
            name: `${school.shortName} ${school.nickname}`,
            shortName: school.initials,
            logo: art.crest(school.alias),
            banner: art.banner(alias),
            color: school.color,
            gender: t.gender,
          })
          .returning({ id: participants.id }),
      );
      teamRefs.push({ id: row.id, groupId: gid, school, sport, categoryId: cid, gender: t.gender });
    }

    const passRows = await insertPasses(tx, seed, { channelId, sportId, teams: teamRefs });
    await insertCoupons(tx, seed, { channelId, passes: passRows });

    await tx.insert(customForms).values({
      channelId,
      alias: PASSES_FORM_ALIAS,
      fields: [{ name: BASIC_PASS_FIELD, label: 'Basic pass', type: 'checkbox', value: 0 }],
    });

    let position = 0;
    for (const item of seed.menu) {
      const parent = one(
        await tx
          .insert(menuItems)
          .values({
            channelId,
            name: item.name,
            url: item.url,
            target: item.external ? 'external' : 'internal',
            position: position++,
          })
          .returning({ id: menuItems.id }),
      );
      if (item.children?.length) {
        await tx
          .insert(menuItems)
          .values(
            item.children.map((c, i) => ({ channelId, parentId: parent.id, name: c.name, url: c.url, position: i })),
          );
      }
    }
    await tx.insert(pages).values(
      seed.pages.map((p, i) => ({
        channelId,
        url: p.url,
        name: p.name,
        altName: p.altName ?? null,
        content: sanitizeChannelHtml(p.content),
        position: i,
      })),
    );
    await tx.insert(faqs).values(
      seed.faq.map((f, i) => ({
        channelId,
        question: f.question,
        answer: sanitizeChannelHtml(f.answer),
        position: i,
      })),
    );

    let firstLiveId: number | null = null;
    let total = 0;
    let batch: EventInsert[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const rows = await tx.insert(events).values(batch).returning({ id: events.id, status: events.streamStatus });
      firstLiveId ??= rows.find((r) => r.status === 'live')?.id ?? null;
      total += batch.length;
      batch = [];
    };
    const vodKeyFor = (sport: string, index: number) => {
      const same = seed.vod.filter((v) => v.sport === sport);
      const pool = same.length ? same : seed.vod;
      const pick = pool[index % Math.max(pool.length, 1)];
      return pick ? vodKey(seed.slug, pick.suffix) : null;
    };
    for (const event of generateSchedule({
      channelId,
      seed,
      teams: teamRefs,
      venues,
      anchor,
      count: seed.events.count,
      random,
      vodKeyFor,
    })) {
      batch.push(event);
      if (batch.length >= EVENT_BATCH) await flush();
    }
    await flush();

    await tx.insert(slides).values(
      seed.slides.map((s, i) => {
        const target = s.target;
        const slidable =
          target.type === 'live-event'
            ? { slidableType: 'event', slidableId: firstLiveId, url: null }
            : target.type === 'package'
              ? {
                  slidableType: 'package',
                  slidableId: passRows.find((p) => p.name === target.name)?.id ?? null,
                  url: null,
                }
              : target.type === 'participant_group'
                ? { slidableType: 'participant_group', slidableId: groupId.get(target.alias) ?? null, url: null }
                : { slidableType: 'url', slidableId: null, url: target.url };
        return {
          channelId,
          type: 'home',
          title: s.title,
          subtitle: s.subtitle,
          image: art.slide(i + 1),
          position: i,
          ...slidable,
        };
      }),
    );
    if (seed.prerolls.length) {
      await tx.insert(prerolls).values(
        seed.prerolls.map((p) => ({
          channelId,
          url: p.url,
          weight: p.weight,
          locationId: null,
          eventCategories: (p.sports ?? []).map((a) => sportId.get(a)).filter((x): x is number => !!x),
          forLive: p.forLive,
          forVod: p.forVod,
        })),
      );
    }
    await tx
      .insert(clipTags)
      .values((seed.clipTags ?? demoClipTags).map((tag, position) => ({ channelId, ...tag, position })));
    await insertVodLibrary(tx, seed, { channelId, anchor });
    await insertAccounts(tx, seed, {
      channelId,
      sportId,
      groupId,
      teams: teamRefs,
      passes: passRows,
      anchor,
      passwordHashes,
    });
    return { channelId, events: total };
  });
}
