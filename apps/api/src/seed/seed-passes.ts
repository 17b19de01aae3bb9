import type { Db } from '../db/client';
import { toCents } from '../lib/money';
import { coupons } from '../modules/commerce/orders.table';
import { passes } from '../modules/commerce/passes.table';
import type { TeamRef } from './schedule';
import type { ChannelSeed } from './types';

export type SeededPass = typeof passes.$inferSelect;

/** Inserts a channel's passes: the sports of a package by alias, a team pass's teams by school. */
export async function insertPasses(
  tx: Db,
  seed: ChannelSeed,
  { channelId, sportId, teams }: { channelId: number; sportId: Map<string, number>; teams: TeamRef[] },
): Promise<SeededPass[]> {
  const categoriesOf = (sports: string[] | '*' | undefined) =>
    sports === '*'
      ? [...sportId.values()]
      : (sports ?? []).map((alias) => {
          const id = sportId.get(alias);
          if (!id) throw new Error(`a pass names an unknown sport: ${alias}`);
          return id;
        });
  return tx
    .insert(passes)
    .values(
      seed.passes.map((p) => {
        const categories = categoriesOf(p.sports);
        return {
          channelId,
          kind: p.kind,
          name: p.name,
          description: p.description,
          basePriceCents: toCents(p.basePrice),
          serviceFeeCents: toCents(p.serviceFee ?? 0),
          image: null,
          offer: p.offer ?? null,
          period: p.period ?? null,
          trialPeriodDays: p.trialPeriodDays ?? null,
          weight: p.weight,
          passType: p.passType ?? 'regular',
          isTeamPass: Boolean(p.teamPassSchool),
          isSingleEvent: p.isSingleEvent ?? false,
          isBasic: p.isBasic ?? false,
          eventCategoryId: Array.isArray(p.sports) && categories.length === 1 ? (categories[0] ?? null) : null,
          eventCategories: categories,
          participants: p.teamPassSchool
            ? teams.filter((t) => t.school.alias === p.teamPassSchool).map((t) => t.id)
            : [],
          groupName: p.groupName ?? null,
          capabilities: p.capabilities,
          clipsLimit: p.clipsLimit ?? 0,
          downloadsLimit: p.downloadsLimit ?? 0,
        };
      }),
    )
    .returning();
}

/** Inserts a channel's promo codes, upper-case as the coupon lookup expects, limited to passes by name. */
export async function insertCoupons(
  tx: Db,
  seed: ChannelSeed,
  { channelId, passes: seeded }: { channelId: number; passes: SeededPass[] },
) {
  if (!seed.coupons.length) return;
  const passId = (name: string) => {
    const found = seeded.find((p) => p.name === name);
    if (!found) throw new Error(`coupon names an unknown pass: ${name}`);
    return found.id;
  };
  await tx.insert(coupons).values(
    seed.coupons.map((c) => ({
      channelId,
      code: c.code.toUpperCase(),
      ...('percent' in c.discount
        ? { discountType: 'percent' as const, discountValue: c.discount.percent }
        : { discountType: 'amount' as const, discountValue: toCents(c.discount.amount) }),
      validUntil: c.validUntil ?? null,
      passIds: (c.passes ?? []).map(passId),
    })),
  );
}
