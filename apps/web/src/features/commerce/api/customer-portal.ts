import { api } from '@/lib/api-client';

/**
 * `GET /stripe/customer-portal`: a portal session where the fan manages their payment methods. Asked for when the
 * fan opens it: a session lasts minutes (Stripe's and the sandbox's), so a link made when the page rendered could
 * be stale by the time it is pressed.
 */
export const getCustomerPortal = async () => (await api.get('/stripe/customer-portal', { quiet: [400, 404] })).data;
