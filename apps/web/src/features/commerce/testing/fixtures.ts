import type { InvoicePreview, Order, Pass, SavedCard } from '@sideline/contract/commerce';

/** A pass as the server answers it (a monthly subscription's fields null for a package). */
export function pass(overrides: Partial<Pass> = {}): Pass {
  const base: Pass = {
    id: 1,
    kind: 'package',
    name: 'Season pass',
    description: null,
    price: 49.99,
    base_price: 49.99,
    service_fee: 0,
    currency: 'USD',
    image: null,
    offer: null,
    period: null,
    trial_period: null,
    weight: 10,
    pass_type: 'regular',
    is_team_pass: false,
    is_single_event: false,
    is_basic: false,
    event_category_id: null,
    event_categories: [],
    participants: [],
    group_name: null,
    capabilities: ['watch'],
    limits: { clips: 0, downloads: 0 },
    purchased: false,
    passType: 'regular',
    priceTitle: 'USD $49.99',
    disabledCategories: [],
    disabledParticipants: [],
    additional: [],
  };
  return { ...base, ...overrides, passType: overrides.pass_type ?? base.pass_type };
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 77,
    status: 'Pending',
    activity_status: 'Active',
    type: 'event',
    product: { id: 5, event_category_id: null, participant_id: null },
    items: [{ kind: 'event', pass_id: 3, event_id: 5, event_category_id: null, participant_id: null, name: 'Game' }],
    name: 'Pioneers @ Hawks',
    subtotal: 4.99,
    discount: 0,
    service_fee: 0,
    amount: 4.99,
    currency: 'USD',
    coupon: null,
    offer: null,
    auto_renewal: null,
    subscription_status: null,
    trial_end: null,
    current_period_end: null,
    failure_message: null,
    next_action_url: null,
    event_id: 5,
    created_at: '2026-11-20T10:00:00.000Z',
    paid_at: null,
    ...overrides,
  };
}

export function preview(overrides: Partial<InvoicePreview> = {}): InvoicePreview {
  return {
    currency: 'USD',
    lines: [{ name: 'Pioneers @ Hawks', amount: 4.99 }],
    subtotal: 4.99,
    discount: 0,
    service_fee: 0,
    total: 4.99,
    coupon: null,
    trial_days: null,
    next_charge_at: null,
    next_charge_amount: null,
    ...overrides,
  };
}

export const savedCard = (overrides: Partial<SavedCard> = {}): SavedCard => ({
  id: 'pm_saved_4242',
  brand: 'visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2030,
  is_default: true,
  ...overrides,
});
