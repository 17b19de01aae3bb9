import { describe, expect, it } from 'vitest';
import { discountOf, nextChargeAt, priceOrder } from './pricing';

const line = (amountCents: number, serviceFeeCents = 0) => ({ name: 'x', amountCents, serviceFeeCents });

describe('pricing', () => {
  it('adds lines and service fees, 0 fee by default', () => {
    expect(priceOrder([line(1999), line(499)], null)).toEqual({
      subtotalCents: 2498,
      discountCents: 0,
      serviceFeeCents: 0,
      totalCents: 2498,
    });
    expect(priceOrder([line(1000, 150)], null).totalCents).toBe(1150);
  });

  it('takes a percent coupon off the subtotal, never the fee', () => {
    expect(priceOrder([line(1999, 100)], { discountType: 'percent', discountValue: 25 })).toEqual({
      subtotalCents: 1999,
      discountCents: 500,
      serviceFeeCents: 100,
      totalCents: 1599,
    });
    expect(discountOf(1000, { discountType: 'percent', discountValue: 100 })).toBe(1000);
    expect(discountOf(1000, { discountType: 'percent', discountValue: 150 })).toBe(1000);
  });

  it('caps an amount coupon at the subtotal', () => {
    expect(priceOrder([line(500, 50)], { discountType: 'amount', discountValue: 800 })).toMatchObject({
      discountCents: 500,
      totalCents: 50,
    });
    expect(discountOf(5000, { discountType: 'amount', discountValue: 800 })).toBe(800);
  });

  it('an empty checkout costs nothing', () => {
    expect(priceOrder([], { discountType: 'amount', discountValue: 100 }).totalCents).toBe(0);
  });

  it('next charge: after the trial, else 30 days or 12 months', () => {
    const from = new Date('2026-01-31T12:00:00Z');
    expect(nextChargeAt(from, { offer: 'monthly', period: 1, trialDays: 30 }).toISOString()).toBe(
      '2026-03-02T12:00:00.000Z',
    );
    expect(nextChargeAt(from, { offer: 'monthly', period: 1, trialDays: null }).toISOString()).toBe(
      '2026-03-02T12:00:00.000Z',
    );
    expect(nextChargeAt(from, { offer: 'annual', period: 1, trialDays: 0 }).toISOString()).toBe(
      '2027-01-31T12:00:00.000Z',
    );
  });
});
