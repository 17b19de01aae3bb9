import type { Pass } from '@sideline/contract/commerce';
import type { PassKind } from '@sideline/contract/enums';
import { priceTitle } from '@sideline/contract/rules/price-title';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fromCents } from '../../lib/money';
import { passes } from './passes.table';

type PassRow = typeof passes.$inferSelect;

export function toPass(r: PassRow, currency: string): Pass {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    description: r.description,
    price: fromCents(r.basePriceCents + r.serviceFeeCents),
    base_price: fromCents(r.basePriceCents),
    service_fee: fromCents(r.serviceFeeCents),
    currency,
    image: r.image,
    offer: r.offer,
    period: r.period,
    trial_period: r.trialPeriodDays,
    weight: r.weight,
    pass_type: r.passType,
    is_team_pass: r.isTeamPass,
    is_single_event: r.isSingleEvent,
    is_basic: r.isBasic,
    event_category_id: r.eventCategoryId,
    event_categories: r.eventCategories,
    participants: r.participants,
    group_name: r.groupName,
    capabilities: r.capabilities,
    limits: { clips: r.clipsLimit, downloads: r.downloadsLimit },
    // The guest's view; the commerce service overlays a signed-in caller's own.
    purchased: false,
    passType: r.passType,
    priceTitle: priceTitle({ base_price: fromCents(r.basePriceCents), offer: r.offer, period: r.period }, currency),
    disabledCategories: [],
    disabledParticipants: [],
    additional: [],
  };
}

export function createPassesRepository({ db }: { db: Db }) {
  return {
    /** Active passes of one kind, heaviest first (spec: pass lists are sorted by weight, descending). */
    async list(channelId: number, kind: PassKind, currency: string): Promise<Pass[]> {
      const rows = await db
        .select()
        .from(passes)
        .where(and(eq(passes.channelId, channelId), eq(passes.kind, kind), eq(passes.active, true)))
        .orderBy(desc(passes.weight), asc(passes.id));
      return rows.map((r) => toPass(r, currency));
    },
  };
}
export type PassesRepository = ReturnType<typeof createPassesRepository>;
