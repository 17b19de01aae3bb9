import type {
  ChannelFile,
  ChannelSettings,
  Faq,
  MenuItem,
  PageDetail,
  Preroll,
  SlidableType,
  Slide,
} from '@sideline/contract/channel';
import type { FaqTranslations, PageTranslations } from '@sideline/contract/console-content';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelHosts, channels, faqs, menuItems, pages, prerolls, slides } from './channel.table';

export type ChannelRow = typeof channels.$inferSelect;
/** A fan's row with its texts in other languages, before the fan's language is picked. */
export type Localized<T, Tr> = T & { translations: Tr };

export function createChannelRepository({ db }: { db: Db }) {
  return {
    /**
     * A new channel with its host, in `tx`; undefined when its slug or host is taken (the unique indexes decide, so
     * two admins racing for one name cannot both have it).
     */
    async insert(tx: Db, values: typeof channels.$inferInsert, host: string): Promise<ChannelRow | undefined> {
      const [row] = await tx.insert(channels).values(values).onConflictDoNothing().returning();
      if (!row) return undefined;
      const [hostRow] = await tx
        .insert(channelHosts)
        .values({ host, channelId: row.id })
        .onConflictDoNothing()
        .returning();
      return hostRow ? row : undefined;
    },
    /** Whether a slug or a host name is in use by any channel. */
    async addressTaken(slug: string, host: string): Promise<boolean> {
      const [bySlug, byHost] = await Promise.all([
        db.select({ id: channels.id }).from(channels).where(eq(channels.slug, slug)).limit(1),
        db.select({ host: channelHosts.host }).from(channelHosts).where(eq(channelHosts.host, host)).limit(1),
      ]);
      return bySlug.length > 0 || byHost.length > 0;
    },
    /** One channel's row, locked in `tx` until it commits: the console reads what it is about to change. */
    async forUpdate(tx: Db, channelId: number): Promise<ChannelRow | undefined> {
      const [row] = await tx.select().from(channels).where(eq(channels.id, channelId)).for('update');
      return row;
    },
    async update(
      tx: Db,
      channelId: number,
      values: Partial<Omit<ChannelRow, 'id' | 'createdAt'>>,
    ): Promise<ChannelRow | undefined> {
      const [row] = await tx
        .update(channels)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(channels.id, channelId))
        .returning();
      return row;
    },
    /** Every channel with its host names; channels are few, so the service keeps them in memory. */
    async listChannelsWithHosts(): Promise<{ channel: ChannelRow; hosts: string[] }[]> {
      const [rows, hosts] = await Promise.all([db.select().from(channels), db.select().from(channelHosts)]);
      return rows.map((channel) => ({
        channel,
        hosts: hosts.filter((h) => h.channelId === channel.id).map((h) => h.host),
      }));
    },

    async menu(channelId: number): Promise<MenuItem[]> {
      const rows = await db
        .select()
        .from(menuItems)
        .where(eq(menuItems.channelId, channelId))
        .orderBy(asc(menuItems.position), asc(menuItems.id));
      const byParent = new Map<number | null, MenuItem[]>();
      for (const r of rows) {
        const item: MenuItem = {
          id: r.id,
          name: r.name,
          url: r.url,
          target: r.target,
          position: r.position,
          children: [],
        };
        const list = byParent.get(r.parentId) ?? [];
        list.push(item);
        byParent.set(r.parentId, list);
      }
      const attach = (items: MenuItem[]): MenuItem[] =>
        items.map((i) => ({ ...i, children: attach(byParent.get(i.id) ?? []) }));
      return attach(byParent.get(null) ?? []);
    },

    async pages(channelId: number): Promise<Localized<PageDetail, PageTranslations>[]> {
      const rows = await db
        .select()
        .from(pages)
        .where(eq(pages.channelId, channelId))
        .orderBy(asc(pages.position), asc(pages.id));
      return rows.map((r) => ({
        id: r.id,
        url: r.url,
        name: r.name,
        alt_name: r.altName,
        content: r.content,
        translations: r.translations,
      }));
    },

    async faq(channelId: number): Promise<Localized<Faq, FaqTranslations>[]> {
      const rows = await db
        .select()
        .from(faqs)
        .where(eq(faqs.channelId, channelId))
        .orderBy(asc(faqs.position), asc(faqs.id));
      return rows.map((r) => ({
        id: r.id,
        question: r.question,
        answer: r.answer,
        position: r.position,
        translations: r.translations,
      }));
    },

    async slides(channelId: number, clientInterface: string): Promise<(Slide & { type: string })[]> {
      const rows = await db
        .select()
        .from(slides)
        .where(and(eq(slides.channelId, channelId), eq(slides.clientInterface, clientInterface)))
        .orderBy(asc(slides.position), asc(slides.id));
      return rows.map((r) => ({
        id: r.id,
        type: r.type,
        title: r.title,
        subtitle: r.subtitle,
        image: r.image,
        slidable_type: r.slidableType as SlidableType,
        slidable_id: r.slidableId,
        url: r.url,
        position: r.position,
      }));
    },

    async prerolls(channelId: number): Promise<Preroll[]> {
      const rows = await db.select().from(prerolls).where(eq(prerolls.channelId, channelId)).orderBy(asc(prerolls.id));
      return rows.map((r) => ({
        id: r.id,
        url: r.url,
        weight: r.weight,
        location_id: r.locationId,
        event_categories: r.eventCategories,
        for_live: r.forLive,
        for_vod: r.forVod,
      }));
    },
  };
}
export type ChannelRepository = ReturnType<typeof createChannelRepository>;

/** The public settings file and the settings call share these fields. */
export function analyticsOf(c: ChannelRow): Pick<ChannelFile, 'google-analytics' | 'yare-analytics'> {
  return {
    'google-analytics': { 'google-tag': c.extras.googleTag },
    'yare-analytics': { 'yare-analytics-key': c.extras.yareAnalyticsKey, host: c.extras.analyticsHost },
  };
}

export function settingsOf(c: ChannelRow, channelPrerolls: Preroll[]): ChannelSettings {
  return {
    name: c.name,
    short_name: c.shortName,
    description: c.description,
    logo: c.logo,
    language: c.language as ChannelSettings['language'],
    currency: c.currency,
    time_zone: c.timeZone,
    contact_email: c.extras.contactEmail,
    contact_phone: c.extras.contactPhone,
    social_links: c.extras.socialLinks,
    ...analyticsOf(c),
    prerolls: channelPrerolls,
  };
}
