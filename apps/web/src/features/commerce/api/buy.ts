import type { BuyBody } from '@sideline/contract/commerce';
import { api } from '@/lib/api-client';

/** Which call pays for what: add-ons in one payment, a plan's unused trial, or a plain purchase. */
export type CheckoutCall = 'buy' | 'buy_bundle' | 'start_trial';

/** `POST stripe/buy` (or `buy_bundle`, `subscription/start_trial`): makes the order and starts the payment. */
export async function checkout(call: CheckoutCall, body: BuyBody) {
  if (call === 'start_trial') {
    // start_trial takes the plan and the card only.
    const { subscription_id, payment_method_id, idempotency_key } = body;
    // Only a plan's checkout (its address names subscription_id) offers a trial.
    if (subscription_id === undefined) throw new Error('start_trial needs a subscription_id');
    return (
      await api.post('/stripe/subscription/start_trial', {
        body: { subscription_id, payment_method_id, idempotency_key },
      })
    ).data;
  }
  const path = call === 'buy_bundle' ? '/stripe/buy_bundle' : '/stripe/buy';
  return (await api.post(path, { body })).data;
}
