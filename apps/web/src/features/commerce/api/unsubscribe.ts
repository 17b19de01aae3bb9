import { api } from '@/lib/api-client';

/** `POST stripe/unsubscribe`: stops a plan's renewal; access lasts to the end of the period. */
export const unsubscribe = async (orderId: number): Promise<void> => {
  await api.post('/stripe/unsubscribe', { body: { order_id: orderId } });
};
