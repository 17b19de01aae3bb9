import type { InvoicePreviewBody } from '@sideline/contract/commerce';
import type { OrderType, PurchaseKind } from '@sideline/contract/enums';
import { choicePriceCents } from '@sideline/contract/rules/choice-price';
import {
  coveredCategories,
  coveredParticipants,
  isAddOnPurchased,
  isEventPurchased,
  isSubscriptionPurchased,
  type OrderLike,
} from '@sideline/contract/rules/purchased';
import { type Entitlements, purchasesCover } from '../access';
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
  /** What those orders open (the rule `has_access` and playback read): nothing is sold that it already covers. */
  entitlements(): Promise<Entitlements>;
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
    if (body.additional?.length) throw commerceErrors.noAddOnsOn('plan');
    pass = await look.pass(subscription_id);
    if (pass?.kind !== 'subscription') throw commerceErrors.passNotFound();
    if (!pass.active) throw commerceErrors.notForSale();
    if (isSubscriptionPurchased(pass.id, active)) throw commerceErrors.alreadyPurchased();
    // Any active plan of the channel covers every paid game: a second plan (a monthly one beside the annual) would
    // charge again for the same access.
    if ((await look.entitlements()).all) throw commerceErrors.alreadyHasAccess();
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
    if (purchasesCover(event, await look.entitlements())) throw commerceErrors.alreadyHasAccess();
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
    if (pass.passType === 'addition') {
      // An add-on is offered with a pass, not with another add-on (it lists none).
      if (body.additional?.length) throw commerceErrors.noAddOnsOn('add-on');
      if (isAddOnPurchased(pass.id, active)) throw commerceErrors.alreadyPurchased();
      lines.push({ name: pass.name, amountCents: pass.basePriceCents, serviceFeeCents: pass.serviceFeeCents });
      items.push(item('additional', pass.name, { passId: pass.id }));
    } else {
      const chosen = packageItems(pass, body, active, await look.entitlements());
      // Priced by what is chosen: each sport (or team) is its share of the pass's price.
      const covered = pass.isTeamPass ? pass.participants.length : pass.eventCategories.length;
      const part = (cents: number) => choicePriceCents(cents, chosen.length, covered);
      lines.push({
        name: pass.name,
        amountCents: part(pass.basePriceCents),
        serviceFeeCents: part(pass.serviceFeeCents),
      });
      items.push(...chosen);
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

/**
 * A package's items: one per chosen sport (or team of a team pass) that the fan's access does not cover yet, or the
 * whole pass when it names none. All of them covered: by this pass's orders "already purchased", else (another
 * pass, a plan) "already has access".
 */
function packageItems(
  pass: PassRow,
  body: InvoicePreviewBody,
  active: OrderLike[],
  access: Entitlements,
): NewOrderItem[] {
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
    if (chosen.every((p) => owned.has(p))) throw commerceErrors.alreadyPurchased();
    const fresh = chosen.filter((p) => !access.all && !access.participantIds.has(p));
    if (fresh.length === 0) throw commerceErrors.alreadyHasAccess();
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
  if (chosen.every((c) => owned.has(c))) throw commerceErrors.alreadyPurchased();
  const fresh = chosen.filter((c) => !access.all && !access.categoryIds.has(c));
  if (fresh.length === 0) throw commerceErrors.alreadyHasAccess();
  return fresh.map((c) => item('package', pass.name, { passId: pass.id, eventCategoryId: c }));
}
