import type { CouponDiscountType } from './orders.table';

/** One priced line of a checkout, in cents. The service fee is charged beside the price and never discounted. */
export type PriceLine = { name: string; amountCents: number; serviceFeeCents: number };
export type CouponRule = { discountType: CouponDiscountType; discountValue: number };
export type Totals = { subtotalCents: number; discountCents: number; serviceFeeCents: number; totalCents: number };

/**
 * What a checkout costs, all in cents: the lines' prices, less the coupon (a percent of the subtotal, or an
 * amount, never more than the subtotal), plus the service fees (0 by default).
 */
export function priceOrder(lines: readonly PriceLine[], coupon: CouponRule | null): Totals {
  const subtotalCents = lines.reduce((sum, l) => sum + Math.max(0, l.amountCents), 0);
  const serviceFeeCents = lines.reduce((sum, l) => sum + Math.max(0, l.serviceFeeCents), 0);
  const discountCents = coupon ? discountOf(subtotalCents, coupon) : 0;
  return { subtotalCents, discountCents, serviceFeeCents, totalCents: subtotalCents - discountCents + serviceFeeCents };
}

export function discountOf(subtotalCents: number, coupon: CouponRule): number {
  const raw =
    coupon.discountType === 'percent'
      ? Math.round((subtotalCents * Math.min(100, Math.max(0, coupon.discountValue))) / 100)
      : Math.max(0, coupon.discountValue);
  return Math.min(subtotalCents, raw);
}

/** When a plan charges next: after its trial, else after one period (month: 30 days, annual: 12 months). */
export function nextChargeAt(
  from: Date,
  plan: { offer: 'annual' | 'monthly' | null; period: number | null; trialDays: number | null },
): Date {
  if (plan.trialDays && plan.trialDays > 0) return new Date(from.getTime() + plan.trialDays * 86_400_000);
  const count = plan.period ?? 1;
  if (plan.offer === 'annual') {
    const next = new Date(from);
    next.setUTCMonth(next.getUTCMonth() + 12 * count);
    return next;
  }
  return new Date(from.getTime() + 30 * count * 86_400_000);
}
