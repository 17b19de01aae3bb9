import { type BuyBody, checkoutResultSchema } from '@sideline/contract/commerce';
import { postData } from './call';

/** Which call pays for what: add-ons in one payment, a plan's unused trial, or a plain purchase. */
export type CheckoutCall = 'buy' | 'buy_bundle' | 'start_trial';

const PATHS: Record<CheckoutCall, string> = {
  buy: '/stripe/buy',
  buy_bundle: '/stripe/buy_bundle',
  start_trial: '/stripe/subscription/start_trial',
};

/** `POST stripe/buy` (or `buy_bundle`, `subscription/start_trial`): makes the order and starts the payment. */
export function checkout(call: CheckoutCall, body: BuyBody) {
  if (call === 'start_trial') {
    // start_trial takes the plan and the card only.
    const { subscription_id, payment_method_id, idempotency_key } = body;
    return postData(PATHS[call], checkoutResultSchema, {
      body: { subscription_id, payment_method_id, idempotency_key },
    });
  }
  return postData(PATHS[call], checkoutResultSchema, { body });
}
