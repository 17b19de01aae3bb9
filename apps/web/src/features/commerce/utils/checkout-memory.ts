import { storage } from '@/lib/storage';

const CHECKOUT_KEY = 'commerce:checkout';
const ORDER_KEY = 'commerce:pending-order';
// A checkout left for sign-up (mail, verification, the basic pass) is still wanted within the hour.
const CHECKOUT_TTL_MS = 60 * 60_000;
// An authentication step takes minutes at most.
const ORDER_TTL_MS = 30 * 60_000;

/**
 * A guest's checkout, kept while they sign up: the basic-pass page brings them back to it (the last page is
 * the passes by then, since a new account goes there first).
 */
export const rememberCheckout = (href: string) => storage.setJson(CHECKOUT_KEY, href, CHECKOUT_TTL_MS);
export function takeCheckout(): string | null {
  const href = storage.getJson<string>(CHECKOUT_KEY);
  storage.remove(CHECKOUT_KEY);
  return href;
}

type PendingOrder = { orderId: number; purchase: string };

/**
 * The order whose card authentication step the fan left for: on return to the same checkout, its polling
 * resumes (the return address carries `order_id` when the server adds it; this covers it when not).
 */
export const rememberPendingOrder = (orderId: number, purchase: string) =>
  storage.setJson<PendingOrder>(ORDER_KEY, { orderId, purchase }, ORDER_TTL_MS);
export function pendingOrderFor(purchase: string): number | null {
  const pending = storage.getJson<PendingOrder>(ORDER_KEY);
  return pending && pending.purchase === purchase ? pending.orderId : null;
}
export const forgetPendingOrder = () => storage.remove(ORDER_KEY);

const ITEMS_KEY = 'commerce:checkout-items';
type CheckoutItems<T> = { purchase: string; items: T[] };

/**
 * The GA4 items begin_checkout sent, for the purchase event of the same checkout (also after a card's
 * authentication step reloads the page): the order's items repeat a package once per sport and carry no prices.
 */
export const rememberCheckoutItems = <T>(purchase: string, items: T[]) =>
  storage.setJson<CheckoutItems<T>>(ITEMS_KEY, { purchase, items }, ORDER_TTL_MS);
export function checkoutItemsFor<T>(purchase: string): T[] | null {
  const kept = storage.getJson<CheckoutItems<T>>(ITEMS_KEY);
  return kept && kept.purchase === purchase ? kept.items : null;
}
