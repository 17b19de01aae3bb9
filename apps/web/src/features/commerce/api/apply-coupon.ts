import { couponCheckSchema } from '@sideline/contract/commerce';
import type { z } from 'zod';
import { getData } from './call';

export type CouponCheck = z.infer<typeof couponCheckSchema>;

/** `GET apply_coupon`: whether a promo code applies (a wrong one answers `wrong_promo_code`). */
export const applyCoupon = (code: string, passId?: number) =>
  getData('/apply_coupon', couponCheckSchema, { query: { code, pass_id: passId }, quiet: [400, 404, 422] });
