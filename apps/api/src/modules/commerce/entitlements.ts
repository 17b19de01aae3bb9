import type { UserAccess } from '@sideline/contract/auth';
import type { Capability } from '@sideline/contract/enums';
import type { OrderLike } from '@sideline/contract/rules/purchased';
import type { Entitlements } from '../access';
import type { Channel } from '../channel';
import { toOrderLike } from './order-view';
import type { OrdersRepository } from './orders.repository';

export type Limits = { clips: number | null; downloads: number | null };

/** What a user's purchases give on a channel right now. */
export type PurchaseGrants = {
  entitlements: Entitlements;
  /** Capabilities of the passes of their active orders (added to the user's own). */
  capabilities: Capability[];
  /** The highest counter limits of those passes (0: the pass grants none). */
  limits: { clips: number; downloads: number };
  purchases: UserAccess['purchases'];
  /** Active paid orders, as the purchased rules read them (the passes overlay). */
  orders: OrderLike[];
};

/** The higher of two limits; null is unlimited and wins. */
export const higherLimit = (a: number | null, b: number) => (a === null ? null : Math.max(a, b));

/**
 * Access from purchases (spec purchased rules): active paid orders that have not run past their period. A
 * subscription covers everything; a package item its sport or its team; an event item its game. Computed from the
 * database on each miss of the viewer cache, which the payment webhook clears, so access follows a payment at once.
 */
export function createEntitlements({ orders }: { orders: OrdersRepository }) {
  return async function grantsOf(channel: Channel, userId: number, now = new Date()): Promise<PurchaseGrants> {
    const active = await orders.activeOfUser(userId, channel.id, now);
    const categoryIds = new Set<number>();
    const participantIds = new Set<number>();
    const eventIds = new Set<number>();
    let all = false;
    for (const o of active) {
      if (o.type === 'subscription') all = true;
      if (o.type === 'event' && o.eventId !== null) eventIds.add(o.eventId);
      for (const i of o.items) {
        if (i.kind === 'subscription') all = true;
        if (i.kind === 'event' && i.eventId !== null) eventIds.add(i.eventId);
        if (i.kind === 'package') {
          if (i.eventCategoryId !== null) categoryIds.add(i.eventCategoryId);
          if (i.participantId !== null) participantIds.add(i.participantId);
        }
      }
    }
    const passIds = [
      ...new Set(
        active.flatMap((o) => [o.passId, ...o.items.map((i) => i.passId)]).filter((p): p is number => p !== null),
      ),
    ];
    const passRows = await orders.passesByIds(passIds);
    return {
      entitlements: { all, categoryIds, participantIds, eventIds },
      capabilities: [...new Set(passRows.flatMap((p) => p.capabilities))],
      limits: {
        clips: Math.max(0, ...passRows.map((p) => p.clipsLimit)),
        downloads: Math.max(0, ...passRows.map((p) => p.downloadsLimit)),
      },
      purchases: {
        subscriptions: active.filter((o) => o.type === 'subscription').length,
        packages: active.filter((o) => o.type === 'package').length,
        events: active.filter((o) => o.type === 'event').length,
      },
      orders: active.map(toOrderLike),
    };
  };
}
export type GrantsOf = ReturnType<typeof createEntitlements>;
