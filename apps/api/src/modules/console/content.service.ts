import type { ContentKind } from '@sideline/contract/console-content';
import type { Db } from '../../db/client';
import { sanitizeChannelHtml } from '../../lib/sanitize';
import type { Channel, ChannelService } from '../channel';
import type { Actor, AuditRepository } from './audit.repository';
import { consoleErrors } from './console.errors';
import type { ContentRepository, ContentRow } from './content.repository';

type Fields = Record<string, unknown>;

/** Each kind's API field and its column; the rest of a row (id, the channel) is not the operator's. */
const COLUMNS: Record<ContentKind, Record<string, string>> = {
  'menu-items': { name: 'name', url: 'url', target: 'target', parent_id: 'parentId', position: 'position' },
  pages: {
    url: 'url',
    name: 'name',
    alt_name: 'altName',
    content: 'content',
    position: 'position',
    translations: 'translations',
  },
  faqs: { question: 'question', answer: 'answer', position: 'position', translations: 'translations' },
  slides: {
    client_interface: 'clientInterface',
    type: 'type',
    title: 'title',
    subtitle: 'subtitle',
    image: 'image',
    slidable_type: 'slidableType',
    slidable_id: 'slidableId',
    url: 'url',
    position: 'position',
  },
};
const ENTITY: Record<ContentKind, string> = { 'menu-items': 'menu_item', pages: 'page', faqs: 'faq', slides: 'slide' };
/** The HTML field of each kind that has one: sanitized on write, in the row and in each translation. */
const HTML: Partial<Record<ContentKind, string>> = { pages: 'content', faqs: 'answer' };

const view = (kind: ContentKind, row: ContentRow): Fields => ({
  id: row.id,
  ...Object.fromEntries(Object.entries(COLUMNS[kind]).map(([field, column]) => [field, row[column] ?? null])),
});

/** The fields sent, HTML sanitized: no script, event handler or `javascript:` link is ever stored. */
function cleaned(kind: ContentKind, fields: Fields): Fields {
  const html = HTML[kind];
  if (!html) return fields;
  const out = { ...fields };
  if (typeof out[html] === 'string') out[html] = sanitizeChannelHtml(out[html]);
  if (out.translations && typeof out.translations === 'object') {
    out.translations = Object.fromEntries(
      Object.entries(out.translations as Record<string, Fields>).map(([language, texts]) => [
        language,
        typeof texts[html] === 'string' ? { ...texts, [html]: sanitizeChannelHtml(texts[html]) } : texts,
      ]),
    );
  }
  return out;
}
const columnsOf = (kind: ContentKind, fields: Fields): Fields =>
  Object.fromEntries(
    Object.entries(COLUMNS[kind])
      .filter(([field]) => fields[field] !== undefined)
      .map(([field, column]) => [column, fields[field]]),
  );

export type ContentDeps = {
  transaction: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
  audit: AuditRepository;
  repo: ContentRepository;
  channels: Pick<ChannelService, 'invalidate'>;
};

/**
 * The console's navigation and content: menu items, pages, FAQ entries and slides created, edited and deleted in the
 * channel, each with its audit entry in the change's transaction. Fans' cached answers of the channel are dropped
 * after each commit (in every process when the cache bus is on), so fans see the change at once.
 */
export function createContentService({ transaction, audit, repo, channels }: ContentDeps) {
  /** A menu item's parent is an item of the channel, not the item itself nor one of its descendants. */
  async function checkParent(tx: Db, kind: ContentKind, channelId: number, fields: Fields, id?: number) {
    if (kind !== 'menu-items' || typeof fields.parent_id !== 'number') return;
    const parents = await repo.menuParents(tx, channelId);
    const seen = new Set<number>();
    for (let at: number | null | undefined = fields.parent_id; at != null; at = parents.get(at)) {
      if (at === id || seen.has(at) || !parents.has(at)) throw consoleErrors.unknownInCatalogue('parent_id');
      seen.add(at);
    }
  }
  async function checkPageUrl(tx: Db, kind: ContentKind, channelId: number, fields: Fields, id: number) {
    if (kind === 'pages' && typeof fields.url === 'string' && (await repo.pageUrlTaken(tx, channelId, fields.url, id)))
      throw consoleErrors.pageUrlTaken();
  }

  return {
    async list(kind: ContentKind, channel: Channel): Promise<Fields[]> {
      return (await repo.list(kind, channel.id)).map((row) => view(kind, row));
    },

    async create(kind: ContentKind, channel: Channel, actor: Actor, input: Fields): Promise<Fields> {
      const { api_key: _key, ...fields } = cleaned(kind, input);
      const row = await transaction(async (tx) => {
        await checkParent(tx, kind, channel.id, fields);
        const made = await repo.insert(tx, kind, { ...columnsOf(kind, fields), channelId: channel.id });
        if (!made) throw consoleErrors.pageUrlTaken();
        await audit.record(tx, channel.id, actor, {
          action: `${ENTITY[kind]}.create`,
          entity: ENTITY[kind],
          entityId: made.id,
          after: view(kind, made),
        });
        return made;
      });
      channels.invalidate(channel.id);
      return view(kind, row);
    },

    async update(kind: ContentKind, channel: Channel, actor: Actor, id: number, input: Fields): Promise<Fields> {
      const { api_key: _key, ...fields } = cleaned(kind, input);
      const row = await transaction(async (tx) => {
        const current = await repo.forUpdate(tx, kind, channel.id, id);
        if (!current) throw consoleErrors.catalogueItemNotFound();
        await checkParent(tx, kind, channel.id, fields, id);
        await checkPageUrl(tx, kind, channel.id, fields, id);
        const values = columnsOf(kind, fields);
        const updated = Object.keys(values).length ? await repo.update(tx, kind, id, values) : current;
        // The address check above passed, but another page took it before this one committed.
        if (!updated) throw consoleErrors.pageUrlTaken();
        const before = view(kind, current);
        const after = view(kind, updated);
        const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
        if (keys.length) {
          await audit.record(tx, channel.id, actor, {
            action: `${ENTITY[kind]}.update`,
            entity: ENTITY[kind],
            entityId: id,
            before: Object.fromEntries(keys.map((k) => [k, before[k]])),
            after: Object.fromEntries(keys.map((k) => [k, after[k]])),
          });
        }
        return updated;
      });
      channels.invalidate(channel.id);
      return view(kind, row);
    },

    async remove(kind: ContentKind, channel: Channel, actor: Actor, id: number): Promise<void> {
      await transaction(async (tx) => {
        const current = await repo.forUpdate(tx, kind, channel.id, id);
        if (!current) throw consoleErrors.catalogueItemNotFound();
        if (kind === 'menu-items') await repo.reparentMenu(tx, channel.id, id, (current.parentId as number) ?? null);
        await repo.remove(tx, kind, id);
        await audit.record(tx, channel.id, actor, {
          action: `${ENTITY[kind]}.delete`,
          entity: ENTITY[kind],
          entityId: id,
          before: view(kind, current),
        });
      });
      channels.invalidate(channel.id);
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
