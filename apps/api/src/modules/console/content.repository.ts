import type { ContentKind } from '@sideline/contract/console-content';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/storage-errors';
import { faqs, menuItems, pages, slides } from '../channel/channel.table';

const TABLES = { 'menu-items': menuItems, pages, faqs, slides } as const;

export type ContentRow = Record<string, unknown> & { id: number; channelId: number; position: number };
// The four tables share `id`, `channelId` and `position`: one set of queries serves them, typed at the service's edge.
const tableOf = (kind: ContentKind) => TABLES[kind] as unknown as typeof faqs;

/** The console's navigation and content rows of a channel, by kind. Every query is bound to the channel. */
export function createContentRepository({ db }: { db: Db }) {
  return {
    async list(kind: ContentKind, channelId: number): Promise<ContentRow[]> {
      const table = tableOf(kind);
      return (await db
        .select()
        .from(table)
        .where(eq(table.channelId, channelId))
        .orderBy(asc(table.position), asc(table.id))) as ContentRow[];
    },
    /** One row of the channel, locked until `tx` commits; undefined for another channel's id or none. */
    async forUpdate(tx: Db, kind: ContentKind, channelId: number, id: number): Promise<ContentRow | undefined> {
      const table = tableOf(kind);
      const [row] = await tx
        .select()
        .from(table)
        .where(and(eq(table.id, id), eq(table.channelId, channelId)))
        .for('update');
      return row as ContentRow | undefined;
    },
    /** Inserts a row; undefined when a unique index refuses it (a page address taken in the channel). */
    async insert(tx: Db, kind: ContentKind, values: Record<string, unknown>): Promise<ContentRow | undefined> {
      const [row] = await tx
        .insert(tableOf(kind))
        .values(values as typeof faqs.$inferInsert)
        .onConflictDoNothing()
        .returning();
      return row as ContentRow | undefined;
    },
    /** Updates a row; undefined when a unique index refuses it (another page took the address meanwhile). */
    async update(
      tx: Db,
      kind: ContentKind,
      id: number,
      values: Record<string, unknown>,
    ): Promise<ContentRow | undefined> {
      const table = tableOf(kind);
      try {
        const [row] = await tx.update(table).set(values).where(eq(table.id, id)).returning();
        return row as ContentRow;
      } catch (err) {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      }
    },
    async remove(tx: Db, kind: ContentKind, id: number): Promise<void> {
      const table = tableOf(kind);
      await tx.delete(table).where(eq(table.id, id));
    },
    /** Whether another page of the channel has the address. */
    async pageUrlTaken(tx: Db, channelId: number, url: string, except: number): Promise<boolean> {
      const rows = await tx
        .select({ id: pages.id })
        .from(pages)
        .where(and(eq(pages.channelId, channelId), eq(pages.url, url)));
      return rows.some((r) => r.id !== except);
    },
    /** The channel's menu as parent links, for the check that a new parent makes no loop. */
    async menuParents(tx: Db, channelId: number): Promise<Map<number, number | null>> {
      const rows = await tx
        .select({ id: menuItems.id, parentId: menuItems.parentId })
        .from(menuItems)
        .where(eq(menuItems.channelId, channelId));
      return new Map(rows.map((r) => [r.id, r.parentId]));
    },
    /** A removed menu item's children move up to its own parent. */
    async reparentMenu(tx: Db, channelId: number, from: number, to: number | null): Promise<void> {
      await tx
        .update(menuItems)
        .set({ parentId: to })
        .where(and(eq(menuItems.channelId, channelId), eq(menuItems.parentId, from)));
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
