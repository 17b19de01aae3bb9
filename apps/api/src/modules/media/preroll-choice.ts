import type { Preroll } from '@sideline/contract/channel';

type Target = { live: boolean; eventCategoryId: number | null; locationId: number | null };

/** Prerolls that may run before this stream: live or VOD, and the event's sport and venue when they name some. */
export function eligiblePrerolls(prerolls: readonly Preroll[], target: Target): Preroll[] {
  return prerolls.filter(
    (p) =>
      (target.live ? p.for_live : p.for_vod) &&
      (p.event_categories.length === 0 ||
        (target.eventCategoryId !== null && p.event_categories.includes(target.eventCategoryId))) &&
      (p.location_id === null || p.location_id === target.locationId) &&
      p.weight > 0,
  );
}

/** One preroll, chosen at random in proportion to its weight. */
export function pickByWeight<T extends { weight: number }>(items: readonly T[], random = Math.random): T | null {
  const total = items.reduce((sum, p) => sum + p.weight, 0);
  let r = random() * total;
  for (const item of items) {
    r -= item.weight;
    if (r < 0) return item;
  }
  return null;
}
