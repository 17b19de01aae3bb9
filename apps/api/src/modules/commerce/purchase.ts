import type { InvoicePreviewBody } from '@sideline/contract/commerce';
import type { OrderType, PurchaseKind } from '@sideline/contract/enums';
import {
  coveredCategories,
  coveredParticipants,
  isAddOnPurchased,
  isEventPurchased,
  isSubscriptionPurchased,
  type OrderLike,
} from '@sideline/contract/rules/purchased';
import type { EventRow } from '../events';
import { commerceErrors } from './commerce.errors';
import type { CouponRow, NewOrderItem } from './orders.repository';
import type { passes } from './passes.table';
import { type PriceLine, priceOrder, type Totals } from './pricing';

type PassRow = typeof passes.$inferSelect;

/** What a checkout buys, priced from the database. */
export type Purchase = {
  type: OrderType;
  pass: PassRow;
  event: EventRow | null;
  name: string;
  lines: PriceLine[];
  items: NewOrderItem[];
  coupon: CouponRow | null;
  totals: Totals;
  /** A subscription's trial when this user may still have one. */
  trialDays: number | null;
};

/** What a body asks for, in a stable form: one checkout key must always mean the same purchase. */
export const purchaseFingerprint = (body: InvoicePreviewBody) =>
  JSON.stringify({
    event: body.event_id ?? null,
    package: body.package_id ?? null,
    subscription: body.subscription_id ?? null,
    categories: sorted(body.categories),
    participants: sorted(body.participants),
    additional: sorted(body.additional),
    coupon: body.coupon?.trim().toUpperCase() ?? null,
  });

export type PurchaseLookups = {
  pass(id: number): Promise<PassRow | undefined>;
  event(id: number): Promise<EventRow | undefined>;
  coupon(code: string): Promise<CouponRow | undefined>;
  couponUsed(couponId: number): Promise<boolean>;
  /** The user's active paid orders (purchased rules). */
  orders(): Promise<OrderLike[]>;
  trialUsed(): Promise<boolean>;
  now: Date;
};

const sorted = (ids: readonly number[] | undefined) => [...new Set(ids ?? [])].sort((a, b) => a - b);
const item = (kind: PurchaseKind, name: string, v: Partial<NewOrderItem>): NewOrderItem => ({
  kind,
  name,
  passId: null,
  eventId: null,
  eventCategoryId: null,
  participantId: null,
  ...v,
});

/**
 * A coupon that this user may use now (on this pass, when one is named), else "Wrong promo code": unknown,
 * switched off, expired, for other passes, or used by this user before.
 */
export async function usableCoupon(
  code: string,
  passId: number | undefined,
  look: Pick<PurchaseLookups, 'coupon' | 'couponUsed' | 'now'>,
): Promise<CouponRow> {
  const coupon = await look.coupon(code);
  const ok =
    coupon?.active &&
    (coupon.validUntil === null || coupon.validUntil > look.now) &&
    (coupon.passIds.length === 0 || passId === undefined || coupon.passIds.includes(passId)) &&
    !(await look.couponUsed(coupon.id));
  if (!coupon || !ok) throw commerceErrors.wrongPromoCode();
  return coupon;
}

/**
 * Reads what the body asks to buy, checks it against the catalogue and the user's purchases, and prices it.
 * Order of checks follows what a fan should hear first: nothing chosen, not found, not for sale, already theirs.
 */
export async function resolvePurchase(body: InvoicePreviewBody, look: PurchaseLookups): Promise<Purchase> {
  const { event_id, package_id, subscription_id } = body;
  if (event_id === undefined && package_id === undefined && subscription_id === undefined) {
    throw commerceErrors.idNotSelected();
  }
  const active = await look.orders();
  const lines: PriceLine[] = [];
  const items: NewOrderItem[] = [];
  let type: OrderType;
  let pass: PassRow | undefined;
  let event: EventRow | null = null;
  let trialDays: number | null = null;

  if (subscription_id !== undefined) {
    if (event_id !== undefined || package_id !== undefined) throw commerceErrors.onePurchaseOnly();
    if (body.additional?.length) throw commerceErrors.noAddOnsOnPlans();
    pass = await look.pass(subscription_id);
    if (pass?.kind !== 'subscription') throw commerceErrors.passNotFound();
    if (!pass.active) throw commerceErrors.notForSale();
    if (isSubscriptionPurchased(pass.id, active)) throw commerceErrors.alreadyPurchased();
    type = 'subscription';
    lines.push({ name: pass.name, amountCents: pass.basePriceCents, serviceFeeCents: pass.serviceFeeCents });
    items.push(item('subscription', pass.name, { passId: pass.id }));
    if (pass.trialPeriodDays && pass.trialPeriodDays > 0 && !(await look.trialUsed())) trialDays = pass.trialPeriodDays;
  } else if (event_id !== undefined) {
    event = (await look.event(event_id)) ?? null;
    if (!event) throw commerceErrors.eventNotFound();
    if (event.accessType !== 'paid' && event.accessType !== 'ppv') throw commerceErrors.notForSale();
    if (package_id === undefined) throw commerceErrors.singleEventPackageRequired();
    pass = await look.pass(package_id);
    if (pass?.kind !== 'package') throw commerceErrors.passNotFound();
    if (!pass.isSingleEvent) throw commerceErrors.singleEventPackageRequired();
    if (!pass.active) throw commerceErrors.notForSale();
    if (isEventPurchased(event.id, active)) throw commerceErrors.alreadyPurchased();
    type = 'event';
    // A game's price is its own (the single-event package is the vehicle, usually priced 0).
    lines.push({
      name: event.name,
      amountCents: event.basePriceCents + pass.basePriceCents,
      serviceFeeCents: event.serviceFeeCents + pass.serviceFeeCents,
    });
    items.push(item('event', event.name, { passId: pass.id, eventId: event.id }));
  } else {
    pass = await look.pass(package_id as number);
    if (pass?.kind !== 'package') throw commerceErrors.passNotFound();
    if (pass.isSingleEvent) throw commerceErrors.idNotSelected();
    if (!pass.active || pass.isBasic) throw commerceErrors.notForSale();
    type = 'package';
    lines.push({ name: pass.name, amountCents: pass.basePriceCents, serviceFeeCents: pass.serviceFeeCents });
    if (pass.passType === 'addition') {
      if (isAddOnPurchased(pass.id, active)) throw commerceErrors.alreadyPurchased();
      items.push(item('additional', pass.name, { passId: pass.id }));
    } else {
      items.push(...packageItems(pass, body, active));
    }
  }

  for (const addOnId of sorted(body.additional)) {
    const addOn = await look.pass(addOnId);
    if (addOn?.kind !== 'package' || addOn.passType !== 'addition' || addOn.id === pass.id) {
      throw commerceErrors.passNotFound();
    }
    if (!addOn.active) throw commerceErrors.notForSale();
    if (isAddOnPurchased(addOn.id, active)) throw commerceErrors.alreadyPurchased();
    lines.push({ name: addOn.name, amountCents: addOn.basePriceCents, serviceFeeCents: addOn.serviceFeeCents });
    items.push(item('additional', addOn.name, { passId: addOn.id }));
  }

  const coupon = body.coupon ? await usableCoupon(body.coupon, pass.id, look) : null;
  return {
    type,
    pass,
    event,
    name: event ? event.name : pass.name,
    lines,
    items,
    coupon,
    totals: priceOrder(lines, coupon),
    trialDays,
  };
}

/** A package's items: one per chosen sport (or team of a team pass), or the whole pass when it names none. */
function packageItems(pass: PassRow, body: InvoicePreviewBody, active: OrderLike[]): NewOrderItem[] {
  const view = {
    id: pass.id,
    is_team_pass: pass.isTeamPass,
    event_categories: pass.eventCategories,
    participants: pass.participants,
  };
  if (pass.isTeamPass) {
    const chosen = body.participants ? sorted(body.participants) : sorted(pass.participants);
    if (chosen.some((p) => !pass.participants.includes(p)) || chosen.length === 0) {
      throw commerceErrors.choiceInvalid('participants');
    }
    const owned = new Set(coveredParticipants(view, active));
    const fresh = chosen.filter((p) => !owned.has(p));
    if (fresh.length === 0) throw commerceErrors.alreadyPurchased();
    return fresh.map((p) => item('package', pass.name, { passId: pass.id, participantId: p }));
  }
  if (pass.eventCategories.length === 0) {
    if (active.some((o) => o.type === 'package' && o.product.id === pass.id)) throw commerceErrors.alreadyPurchased();
    return [item('package', pass.name, { passId: pass.id })];
  }
  const chosen = body.categories ? sorted(body.categories) : sorted(pass.eventCategories);
  if (chosen.some((c) => !pass.eventCategories.includes(c)) || chosen.length === 0) {
    throw commerceErrors.choiceInvalid('categories');
  }
  const owned = new Set(coveredCategories(view, active));
  const fresh = chosen.filter((c) => !owned.has(c));
  if (fresh.length === 0) throw commerceErrors.alreadyPurchased();
  return fresh.map((c) => item('package', pass.name, { passId: pass.id, eventCategoryId: c }));
}
