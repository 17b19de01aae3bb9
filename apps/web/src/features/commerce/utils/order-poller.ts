import type { Order } from '@sideline/contract/commerce';
import { ORDER_POLL_INTERVAL_MS } from '@sideline/contract/constants';

/** A failed order: what the poll rejects with (spec section 4), and whether to show it in a popup. */
export class OrderFailedError extends Error {
  override readonly name = 'OrderFailedError';
  readonly order: Order;
  readonly popup: boolean;
  constructor(order: Order, popup = true) {
    super(order.failure_message ?? 'The payment failed');
    this.order = order;
    this.popup = popup;
  }
}

export type OrderPoller = { promise: Promise<Order>; stop: () => void };

/**
 * Polls an order every 2000 ms (spec section 9) until it is `Paid` (resolves with it) or `Failed` (rejects with
 * an `OrderFailedError` carrying the order and the popup flag), or a request fails (rejects with that error).
 * Any other status is still pending. `stop()` ends it: no further request, and the promise never settles.
 */
export function pollOrder(
  orderId: number,
  getOrder: (orderId: number) => Promise<Order>,
  intervalMs: number = ORDER_POLL_INTERVAL_MS,
): OrderPoller {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<Order>((resolve, reject) => {
    const tick = async () => {
      let order: Order;
      try {
        order = await getOrder(orderId);
      } catch (error) {
        if (!stopped) reject(error);
        return;
      }
      if (stopped) return;
      if (order.status === 'Paid') resolve(order);
      else if (order.status === 'Failed') reject(new OrderFailedError(order));
      else timer = setTimeout(() => void tick(), intervalMs);
    };
    void tick();
  });
  return {
    promise,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
