import type { InvoicePreviewBody, Pass } from '@sideline/contract/commerce';
import { paths } from '@/config/paths';

/** What a checkout buys, as `/buy`'s query carries it (ids only: the server prices it). */
export type Purchase = Pick<
  InvoicePreviewBody,
  'event_id' | 'package_id' | 'subscription_id' | 'categories' | 'participants' | 'additional'
>;
export type PurchaseKind = 'event' | 'package' | 'subscription';

const MAX_ID = 2_147_483_647;
const id = (value: string | null) => {
  if (!value || !/^[1-9]\d*$/.test(value)) return undefined;
  const n = Number(value);
  return n <= MAX_ID ? n : undefined;
};
const ids = (value: string | null) => {
  if (!value) return undefined;
  const list = value.split(',').map((v) => id(v.trim()));
  return list.every((n): n is number => n !== undefined) && list.length > 0 ? [...new Set(list)] : undefined;
};

/**
 * The purchase in `/buy`'s query: `event_id` (+ its single-event `package_id`), or `package_id` (+ `categories`,
 * `participants`, `additional`), or `subscription_id` (+ `additional`). Null when it names nothing to buy.
 */
export function parsePurchase(search: URLSearchParams): Purchase | null {
  const event = id(search.get('event_id'));
  const pkg = id(search.get('package_id'));
  const subscription = id(search.get('subscription_id'));
  const additional = ids(search.get('additional'));
  if (event) return { event_id: event, ...(pkg ? { package_id: pkg } : {}) };
  if (pkg) {
    const categories = ids(search.get('categories'));
    const participants = ids(search.get('participants'));
    return {
      package_id: pkg,
      ...(categories ? { categories } : {}),
      ...(participants ? { participants } : {}),
      ...(additional ? { additional } : {}),
    };
  }
  if (subscription) return { subscription_id: subscription, ...(additional ? { additional } : {}) };
  return null;
}

export const purchaseKind = (p: Purchase): PurchaseKind =>
  p.event_id ? 'event' : p.subscription_id ? 'subscription' : 'package';

/** The purchase as a query string, in a stable order (the same purchase is the same address). */
export function purchaseQuery(p: Purchase): string {
  const q = new URLSearchParams();
  const put = (name: string, value: number | readonly number[] | undefined) => {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) return;
    q.set(name, Array.isArray(value) ? value.join(',') : String(value));
  };
  put('event_id', p.event_id);
  put('package_id', p.package_id);
  put('subscription_id', p.subscription_id);
  put('categories', p.categories);
  put('participants', p.participants);
  put('additional', p.additional);
  return q.toString();
}

/** `/buy?…` for a purchase. */
export const buyHref = (p: Purchase) => `${paths.buy.href()}?${purchaseQuery(p)}`;

/** A pass that offers choices (several sports, a team pass's teams, add-ons) is chosen on its own page first. */
export const hasChoices = (pass: Pass) =>
  pass.event_categories.length > 1 || (pass.is_team_pass && pass.participants.length > 1) || pass.additional.length > 0;

/** Where a pass's Buy goes: its choice page, or straight to checkout. */
export function passBuyHref(pass: Pass): string {
  if (hasChoices(pass)) {
    // Packages and subscriptions number their ids apart: the choice page is told which one it is.
    const page = paths.selectPackage.href(pass.id);
    return pass.kind === 'subscription' ? `${page}?kind=subscription` : page;
  }
  return buyHref(pass.kind === 'subscription' ? { subscription_id: pass.id } : { package_id: pass.id });
}

/** Where a checkout ends: the game bought, else the passes. */
export const afterPurchaseHref = (p: Purchase) => (p.event_id ? paths.watch.href(p.event_id) : paths.packages.href());

/** The channel's single-event package: how one paid game is bought. */
export const singleEventPackage = (passes: readonly Pass[]) =>
  passes.find((pass) => pass.is_single_event && pass.kind === 'package' && pass.pass_type === 'regular') ?? null;

export type PurchaseLinks = { buy: string | null; passes: string | null };

/**
 * Where a game the fan cannot watch is bought: a paid game by its single-event package (and the passes that
 * cover it), a pay-per-view game only by its own purchase, and a game without a single-event package only by a
 * pass or subscription.
 */
export function purchaseLinks(event: { id: number; type: string }, passes: readonly Pass[]): PurchaseLinks {
  const single = singleEventPackage(passes);
  const buy = single ? buyHref({ event_id: event.id, package_id: single.id }) : null;
  if (event.type === 'ppv') return { buy, passes: null };
  return { buy, passes: paths.packages.href() };
}
