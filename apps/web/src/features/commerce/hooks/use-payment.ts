import type { BuyBody, CheckoutResult, Order } from '@sideline/contract/commerce';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirm } from '@/lib/dialog';
import { toast } from '@/lib/toast';
import { type CheckoutCall, checkout } from '../api/buy';
import { getOrder } from '../api/get-orders';
import { checkoutItemsFor, forgetPendingOrder, rememberPendingOrder } from '../utils/checkout-memory';
import { type EcommerceItem, trackEcommerce } from '../utils/ecommerce';
import { errorText } from '../utils/error-text';
import { leaveFor } from '../utils/leave';
import { OrderFailedError, pollOrder } from '../utils/order-poller';
import { refreshAfterPurchase } from '../utils/refresh-after-purchase';

/** An order that started a plan's free trial (nothing charged yet). */
const isTrialStart = (order: Order) => order.trial_end !== null && Date.parse(order.trial_end) > Date.now();

/**
 * The order as GA4 items when the checkout's own are gone (another browser): one per pass or game, not one per
 * sport, the price on the main one.
 */
function orderItems(order: Order): EcommerceItem[] {
  const items = new Map<string, EcommerceItem>();
  for (const item of order.items) {
    const id = item.event_id
      ? `event-${item.event_id}`
      : `${item.kind === 'subscription' ? 'subscription' : 'package'}-${item.pass_id ?? order.product.id}`;
    if (!items.has(id)) {
      items.set(id, { item_id: id, item_name: item.name, price: 0, item_category: item.kind, quantity: 1 });
    }
  }
  const [first] = items.values();
  if (first && items.size === 1) first.price = order.subtotal;
  return [...items.values()];
}

/** The spec's payment processing states, plus idle before Pay and the authentication step in between. */
export type PaymentPhase = 'idle' | 'processing' | 'authenticating' | 'success' | 'error';
export type PaymentState = { phase: PaymentPhase; message: string | null };

type Options = {
  /** The purchase as a query string: the return address of the authentication step, and its memory key. */
  purchaseQuery: string;
  /** Where the fan goes once paid. */
  doneHref: string;
  /** An order to resume (back from the authentication step). */
  resumeOrderId: number | null;
  /** Stripe's authentication step for a payment (loaded lazily); absent on the sandbox. */
  handleNextAction?: (clientSecret: string) => Promise<void>;
};

/**
 * Pay and follow the order: the checkout call with a fresh idempotency key per attempt, the card's authentication
 * step (the sandbox's page, or Stripe's popup), then the order polled every 2000 ms until paid or failed. Paid:
 * the purchase event, access refreshed, and straight back to what was bought. Failed: a popup with the reason.
 * Polling stops when the view goes.
 */
export function usePayment({ purchaseQuery, doneHref, resumeOrderId, handleNextAction }: Options) {
  const { t } = useTranslation('commerce');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<PaymentState>({
    phase: resumeOrderId ? 'processing' : 'idle',
    message: null,
  });
  const [orderId, setOrderId] = useState<number | null>(resumeOrderId);
  const busy = state.phase === 'processing' || state.phase === 'authenticating';
  const busyRef = useRef(false);

  const paid = useCallback(
    (order: Order) => {
      forgetPendingOrder();
      const trial = isTrialStart(order);
      trackEcommerce({
        name: 'purchase',
        params: {
          transaction_id: String(order.id),
          currency: order.currency,
          // What was charged: nothing when a free trial starts (as begin_checkout's value said).
          value: trial ? 0 : order.amount,
          items: checkoutItemsFor<EcommerceItem>(purchaseQuery) ?? orderItems(order),
          ...(order.coupon ? { coupon: order.coupon } : {}),
        },
      });
      // A plan's free trial charged nothing: "Payment received" would be wrong.
      const done = trial ? t('checkout.trialStarted') : t('checkout.success');
      setState({ phase: 'success', message: done });
      toast.success(done);
      refreshAfterPurchase(queryClient);
      void navigate(doneHref, { replace: true });
    },
    [navigate, queryClient, doneHref, purchaseQuery, t],
  );

  // The order is followed while this view is open.
  useEffect(() => {
    if (orderId === null) return;
    const poller = pollOrder(orderId, getOrder);
    poller.promise.then(paid, (error: unknown) => {
      busyRef.current = false;
      forgetPendingOrder();
      setOrderId(null);
      if (error instanceof OrderFailedError) {
        const reason = error.order.failure_message ?? t('checkout.declined');
        setState({ phase: 'error', message: `${t('checkout.error')} ${reason}` });
        if (error.popup) {
          confirm({
            title: t('checkout.failedTitle'),
            message: reason,
            okLabel: t('checkout.failedRetry'),
            cancelLabel: t('checkout.failedClose'),
          }).catch(() => undefined);
        }
      } else {
        setState({ phase: 'error', message: errorText(error) });
      }
    });
    return () => poller.stop();
  }, [orderId, paid, t]);

  const followUp = useCallback(
    async (result: CheckoutResult) => {
      if (result.status === 'Paid' || result.status === 'Failed' || !(result.next_action_url || result.client_secret)) {
        setOrderId(result.order_id);
        return;
      }
      if (result.next_action_url) {
        // The sandbox's challenge page; it comes back to this checkout, which resumes polling the order.
        rememberPendingOrder(result.order_id, purchaseQuery);
        setState({ phase: 'authenticating', message: t('checkout.authenticating') });
        leaveFor(result.next_action_url);
        return;
      }
      if (result.client_secret && handleNextAction) {
        setState({ phase: 'authenticating', message: t('checkout.authenticating') });
        try {
          await handleNextAction(result.client_secret);
        } catch {
          // A refused or abandoned step: the order's status says what happened.
        }
        setState({ phase: 'processing', message: t('checkout.processing') });
      }
      setOrderId(result.order_id);
    },
    [purchaseQuery, handleNextAction, t],
  );

  /**
   * Pays with a payment method (`pm_…`) through the given call, after `start()`; one fresh idempotency key per
   * attempt.
   */
  const pay = useCallback(
    async (call: CheckoutCall, body: Omit<BuyBody, 'idempotency_key' | 'return_path'>) => {
      busyRef.current = true;
      setState({ phase: 'processing', message: t('checkout.processing') });
      try {
        const result = await checkout(call, {
          ...body,
          idempotency_key: crypto.randomUUID(),
          return_path: `/buy?${purchaseQuery}`,
        });
        await followUp(result);
      } catch (error) {
        busyRef.current = false;
        setState({ phase: 'error', message: errorText(error) });
      }
    },
    [purchaseQuery, followUp, t],
  );

  /** A step before the call failed (the card form): show why, ready for another attempt. */
  const fail = useCallback((message: string) => {
    busyRef.current = false;
    setState({ phase: 'error', message });
  }, []);
  /** The fan pressed Pay: false when an attempt is already running (a double submit). */
  const start = useCallback(() => {
    if (busyRef.current) return false;
    busyRef.current = true;
    setState({ phase: 'processing', message: t('checkout.processing') });
    return true;
  }, [t]);
  /** Nothing was sent (a card field to fix): back to idle. */
  const release = useCallback(() => {
    busyRef.current = false;
    setState({ phase: 'idle', message: null });
  }, []);

  return { state, busy, following: orderId !== null, pay, fail, start, release };
}
