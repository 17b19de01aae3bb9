import { describe, expect, it } from 'vitest';
import {
  coveredCategories,
  coveredParticipants,
  isAddOnPurchased,
  isPackagePurchased,
  type OrderItemLike,
  type OrderLike,
  passOverlay,
} from './purchased';

const item = (i: Partial<OrderItemLike>): OrderItemLike => ({
  kind: 'package',
  pass_id: 9,
  event_category_id: null,
  participant_id: null,
  ...i,
});
const order = (items: OrderItemLike[], o: Partial<OrderLike> = {}): OrderLike => ({
  status: 'Paid',
  activity_status: 'Active',
  type: 'package',
  product: { id: 9, event_category_id: null, participant_id: null },
  items,
  ...o,
});

describe('purchased rules over order items', () => {
  const pkg = { id: 9, is_team_pass: false, event_categories: [1, 2, 3], participants: [] };

  it('a package bought for some of its sports covers those only', () => {
    const some = [order([item({ event_category_id: 1 }), item({ event_category_id: 3 })])];
    expect(isPackagePurchased(pkg, some)).toBe(false);
    expect(coveredCategories(pkg, some)).toEqual([1, 3]);
    const all = [...some, order([item({ pass_id: 12, event_category_id: 2 })])];
    expect(isPackagePurchased(pkg, all)).toBe(true);
  });

  it('a package bought whole (an item naming no sport) is purchased', () => {
    expect(isPackagePurchased(pkg, [order([item({})])])).toBe(true);
    expect(isPackagePurchased(pkg, [order([item({})], { status: 'Failed' })])).toBe(false);
    expect(isPackagePurchased(pkg, [order([item({})], { activity_status: 'Inactive' })])).toBe(false);
  });

  it('a team pass counts its teams', () => {
    const team = { id: 7, is_team_pass: true, event_categories: [], participants: [4, 5] };
    const one = [order([item({ pass_id: 7, participant_id: 4 })])];
    expect(coveredParticipants(team, one)).toEqual([4]);
    expect(isPackagePurchased(team, one)).toBe(false);
    expect(isPackagePurchased(team, [...one, order([item({ pass_id: 7, participant_id: 5 })])])).toBe(true);
  });

  it('add-ons are purchased through their own item, only while the order is active and paid', () => {
    const bundle = order([item({}), item({ kind: 'additional', pass_id: 20 })]);
    expect(isAddOnPurchased(20, [bundle])).toBe(true);
    expect(isAddOnPurchased(21, [bundle])).toBe(false);
    expect(isAddOnPurchased(20, [{ ...bundle, status: 'Refunded' }])).toBe(false);
    // An add-on item does not cover a package's sports.
    expect(coveredCategories(pkg, [order([item({ kind: 'additional', event_category_id: 1 })])])).toEqual([]);
  });
});

describe('pass overlay', () => {
  const base = {
    id: 9,
    is_team_pass: false,
    event_categories: [1, 2],
    participants: [],
    pass_type: 'regular' as const,
  };
  it('marks covered sports disabled and the package purchased once all are covered', () => {
    const one = [order([item({ event_category_id: 1 })])];
    expect(passOverlay({ ...base, kind: 'package' }, one)).toEqual({
      purchased: false,
      disabledCategories: [1],
      disabledParticipants: [],
    });
    expect(passOverlay({ ...base, kind: 'package' }, [...one, order([item({ event_category_id: 2 })])]).purchased).toBe(
      true,
    );
  });
  it('subscriptions and add-ons are purchased by their own active orders', () => {
    const sub = order([item({ kind: 'subscription', pass_id: 30 })], {
      type: 'subscription',
      product: { id: 30, event_category_id: null, participant_id: null },
    });
    expect(passOverlay({ ...base, id: 30, kind: 'subscription' }, [sub]).purchased).toBe(true);
    expect(passOverlay({ ...base, id: 31, kind: 'subscription' }, [sub]).purchased).toBe(false);
    const addOn = order([item({ kind: 'additional', pass_id: 40 })]);
    expect(passOverlay({ ...base, id: 40, kind: 'package', pass_type: 'addition' }, [addOn]).purchased).toBe(true);
  });
});
