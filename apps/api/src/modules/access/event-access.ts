import type { AccessType, Capability } from '@sideline/contract/enums';

/** What a viewer has bought: everything (a subscription), sports, teams or single events. */
export type Entitlements = {
  all: boolean;
  categoryIds: ReadonlySet<number>;
  participantIds: ReadonlySet<number>;
  eventIds: ReadonlySet<number>;
};

export type Viewer = {
  userId: number | null;
  capabilities: readonly Capability[];
  entitlements: Entitlements;
  /** Counter limits (null: unlimited); absent for a guest, who has no counters. */
  limits?: { clips: number | null; downloads: number | null };
};

export const NO_ENTITLEMENTS: Entitlements = {
  all: false,
  categoryIds: new Set(),
  participantIds: new Set(),
  eventIds: new Set(),
};
export const GUEST: Viewer = { userId: null, capabilities: ['watch'], entitlements: NO_ENTITLEMENTS };

type EventForAccess = {
  id: number;
  accessType: AccessType;
  eventCategoryId: number | null;
  homeTeamId: number | null;
  awayTeamId: number | null;
};

/**
 * Whether the viewer's rights cover the event (spec section 6): free for all, register for the logged in,
 * paid for a purchase that covers it (a subscription, a pass for its sport or one of its teams, or the single
 * event). Pay-per-view is never in a pass nor in a subscription: only its own purchase opens it.
 * Capability `watch` is needed in every case. Geo rules are decided at playback.
 */
export function hasAccess(event: EventForAccess, viewer: Viewer): boolean {
  if (!viewer.capabilities.includes('watch')) return false;
  if (event.accessType === 'free') return true;
  if (viewer.userId === null) return false;
  if (event.accessType === 'register') return true;
  return purchasesCover(event, viewer.entitlements);
}

/**
 * Whether what a user bought opens a paid or pay-per-view game: the purchase half of `hasAccess`, also asked by the
 * checkout, which must not sell a game the fan can already watch.
 */
export function purchasesCover(event: EventForAccess, e: Entitlements): boolean {
  // Before the subscription check: a subscription covers every paid game, never a pay-per-view one.
  if (event.accessType === 'ppv') return e.eventIds.has(event.id);
  if (e.all || e.eventIds.has(event.id)) return true;
  return (
    (event.eventCategoryId !== null && e.categoryIds.has(event.eventCategoryId)) ||
    (event.homeTeamId !== null && e.participantIds.has(event.homeTeamId)) ||
    (event.awayTeamId !== null && e.participantIds.has(event.awayTeamId))
  );
}
