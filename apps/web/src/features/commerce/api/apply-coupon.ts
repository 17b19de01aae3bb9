import { api } from '@/lib/api-client';

/** `GET apply_coupon`: whether a promo code applies (a wrong one answers `wrong_promo_code`). */
export const applyCoupon = async (code: string, passId?: number) =>
  (await api.get('/apply_coupon', { query: { code, pass_id: passId }, quiet: [400, 404, 422] })).data;
