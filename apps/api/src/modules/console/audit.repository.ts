import type { AuditEntry, AuditQuery } from '@sideline/contract/console';
import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from './audit.table';
import { maskSecrets } from './audit-mask';

/** Who made a change, as the console's access check found them, and from where. */
export type Actor = { id: number | null; email: string; role: string; address: string | null };

export type AuditChange = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

const DEFAULT_LIMIT = 50;

/** `%` and `_` typed in a filter are matched as themselves. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The audit log: `record` takes the transaction of the change it records (a change and its entry commit together or
 * not at all); entries are listed newest first.
 */
export function createAuditRepository({ db }: { db: Db }) {
  return {
    async record(tx: Db, channelId: number, actor: Actor, change: AuditChange): Promise<void> {
      await tx.insert(auditLog).values({
        channelId,
        actorId: actor.id,
        actorEmail: actor.email,
        actorRole: actor.role,
        address: actor.address,
        action: change.action,
        entity: change.entity,
        entityId: change.entityId == null ? null : String(change.entityId),
        before: change.before ? maskSecrets(change.before) : null,
        after: change.after ? maskSecrets(change.after) : null,
      });
    },

    async list(channelId: number, q: AuditQuery): Promise<{ data: AuditEntry[]; total: number; limit: number }> {
      const where: SQL[] = [eq(auditLog.channelId, channelId)];
      if (q.action) where.push(eq(auditLog.action, q.action));
      if (q.entity) where.push(eq(auditLog.entity, q.entity));
      if (q.actor_id) where.push(eq(auditLog.actorId, q.actor_id));
      if (q.actor) where.push(ilike(auditLog.actorEmail, `%${likeEscape(q.actor)}%`));
      if (q.from) where.push(gte(auditLog.at, new Date(q.from)));
      if (q.to) where.push(lte(auditLog.at, new Date(q.to)));
      const limit = q.limit ?? DEFAULT_LIMIT;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(and(...where))
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(limit)
          .offset(q.offset),
        db
          .select({ n: count() })
          .from(auditLog)
          .where(and(...where)),
      ]);
      return {
        total: total?.n ?? 0,
        limit,
        data: rows.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          actor: { id: r.actorId, email: r.actorEmail, role: r.actorRole },
          address: r.address,
          action: r.action,
          entity: r.entity,
          entity_id: r.entityId,
          before: r.before,
          after: r.after,
        })),
      };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
