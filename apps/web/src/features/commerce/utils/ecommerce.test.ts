import { afterEach, describe, expect, it } from 'vitest';
import { pass } from '../testing/fixtures';
import { passItem, trackEcommerce } from './ecommerce';

type TagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };
const w = window as TagWindow;

/** The channel's tag as features/analytics installs it: gtag pushes its arguments on dataLayer. */
function installTag() {
  w.dataLayer = [];
  w.gtag = (...args: unknown[]) => void w.dataLayer?.push(args);
}

afterEach(() => {
  delete w.gtag;
  delete w.dataLayer;
});

describe('GA4 ecommerce events', () => {
  it('are pushed on dataLayer when the channel sets a Google tag', () => {
    installTag();
    const item = passItem(pass({ id: 4, name: 'Monthly', price: 9.99, kind: 'subscription' }));
    trackEcommerce({ name: 'view_item_list', params: { item_list_name: 'passes', items: [item] } });
    trackEcommerce({
      name: 'purchase',
      params: { transaction_id: '77', currency: 'USD', value: 9.99, items: [item] },
    });
    expect(w.dataLayer).toEqual([
      ['event', 'view_item_list', { item_list_name: 'passes', items: [item] }],
      ['event', 'purchase', { transaction_id: '77', currency: 'USD', value: 9.99, items: [item] }],
    ]);
    expect(item).toEqual({
      item_id: 'subscription-4',
      item_name: 'Monthly',
      price: 9.99,
      item_category: 'subscription',
      quantity: 1,
    });
  });

  it('send nothing without a tag', () => {
    expect(() =>
      trackEcommerce({ name: 'select_item', params: { item_list_name: 'passes', items: [] } }),
    ).not.toThrow();
    expect(w.dataLayer).toBeUndefined();
  });
});
