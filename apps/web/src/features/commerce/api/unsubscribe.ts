import { postOnly } from './call';

/** `POST stripe/unsubscribe`: stops a plan's renewal; access lasts to the end of the period. */
export const unsubscribe = (orderId: number) => postOnly('/stripe/unsubscribe', { body: { order_id: orderId } });
