import { type Purchase, purchaseKind } from './purchase';

type GtagWindow = Window & { gtag?: (...args: unknown[]) => void };

export type EcommerceItem = {
  item_id: string;
  item_name: string;
  price?: number;
  item_category?: string;
  quantity?: number;
};

export type EcommerceEvent =
  | { name: 'view_item_list'; params: { item_list_name: string; items: EcommerceItem[] } }
  | { name: 'select_item'; params: { item_list_name: string; items: EcommerceItem[] } }
  | { name: 'begin_checkout'; params: { currency: string; value: number; items: EcommerceItem[] } }
  | {
      name: 'add_payment_info';
      params: { currency: string; value: number; payment_type: string; items: EcommerceItem[] };
    }
  | {
      name: 'purchase';
      params: { transaction_id: string; currency: string; value: number; items: EcommerceItem[]; coupon?: string };
    };

/**
 * GA4's ecommerce events, through the channel's Google tag: `gtag` exists only when the channel sets one
 * (features/analytics loads it), and it pushes each event on `dataLayer`. Without a tag nothing is sent.
 */
export function trackEcommerce(event: EcommerceEvent) {
  const w = window as GtagWindow;
  w.gtag?.('event', event.name, event.params);
}

/** A pass as a GA4 item. */
export const passItem = (pass: { id: number; name: string; price: number; kind: string }): EcommerceItem => ({
  item_id: `${pass.kind}-${pass.id}`,
  item_name: pass.name,
  price: pass.price,
  item_category: pass.kind,
  quantity: 1,
});

/**
 * A checkout's GA4 items, one per line of the server's invoice preview: the pass, game or plan first, then its
 * add-ons in the server's order (by id). The ids are those of the passes list (`passItem`), and `purchase` sends
 * these same items, so begin_checkout and purchase name the same things at the same prices.
 */
export function checkoutItems(purchase: Purchase, lines: readonly { name: string; amount: number }[]): EcommerceItem[] {
  const kind = purchaseKind(purchase);
  const mainId = purchase.event_id
    ? `event-${purchase.event_id}`
    : `${kind}-${purchase.subscription_id ?? purchase.package_id}`;
  const addOns = [...new Set(purchase.additional ?? [])].sort((a, b) => a - b);
  return lines.map((line, i) => ({
    item_id: i === 0 ? mainId : `package-${addOns[i - 1] ?? `${mainId}-${i}`}`,
    item_name: line.name,
    price: line.amount,
    item_category: i === 0 ? kind : 'additional',
    quantity: 1,
  }));
}
