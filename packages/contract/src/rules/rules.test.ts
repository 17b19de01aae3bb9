import { describe, expect, it } from 'vitest';
import { isBasicPassSelected } from './basic-pass';
import { currencySymbol } from './currency';
import { dateTimeFormat, numberFormat } from './intl-formats';
import { sortByWeight } from './passes';
import { priceTitle } from './price-title';
import { isEventPurchased, isPackagePurchased, isSubscriptionPurchased, type OrderLike } from './purchased';
import { themeProperties, withOpacity } from './theme';
import { timeZoneAbbreviation, zonedDate, zonedTimeToUtc } from './time-zone';

const order = (o: Partial<OrderLike> & Pick<OrderLike, 'type'>): OrderLike => ({
  status: 'Paid',
  activity_status: 'Active',
  product: { id: 1, event_category_id: null, participant_id: null },
  ...o,
});

describe('purchased rules', () => {
  it('counts only active and paid orders', () => {
    expect(isEventPurchased(1, [order({ type: 'event' })])).toBe(true);
    expect(isEventPurchased(1, [order({ type: 'event', activity_status: 'Inactive' })])).toBe(false);
    expect(isEventPurchased(1, [order({ type: 'event', status: 'Refunded' })])).toBe(false);
    expect(isEventPurchased(2, [order({ type: 'event' })])).toBe(false);
    expect(isSubscriptionPurchased(1, [order({ type: 'subscription' })])).toBe(true);
    expect(isSubscriptionPurchased(1, [order({ type: 'event' })])).toBe(false);
  });

  it('buys a package when every category (or every team of a team pass) is covered', () => {
    const pkg = { id: 9, is_team_pass: false, event_categories: [1, 2], participants: [] };
    const cat = (c: number) =>
      order({ type: 'package', product: { id: 50 + c, event_category_id: c, participant_id: null } });
    expect(isPackagePurchased(pkg, [cat(1)])).toBe(false);
    expect(isPackagePurchased(pkg, [cat(1), cat(2)])).toBe(true);
    expect(
      isPackagePurchased(pkg, [
        order({ type: 'package', product: { id: 9, event_category_id: null, participant_id: null } }),
      ]),
    ).toBe(true);
    const team = { id: 7, is_team_pass: true, event_categories: [], participants: [3, 4] };
    const teamOrder = (p: number) =>
      order({ type: 'package', product: { id: 70 + p, event_category_id: null, participant_id: p } });
    expect(isPackagePurchased(team, [teamOrder(3)])).toBe(false);
    expect(isPackagePurchased(team, [teamOrder(3), teamOrder(4)])).toBe(true);
  });
});

describe('price title and currency', () => {
  it('uses $ for USD and CAD, and prints the offer after a slash', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('cad')).toBe('$');
    expect(currencySymbol(undefined)).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('CHF')).toBe('CHF');
    expect(priceTitle({ base_price: 14.99, offer: 'monthly', period: 1 }, 'USD')).toBe('USD $14.99 / monthly');
    expect(priceTitle({ base_price: 99, offer: 'annual', period: 2 }, 'EUR')).toBe('EUR €99.00 / 2 annual');
    expect(priceTitle({ base_price: 5, offer: null, period: null }, 'USD')).toBe('USD $5.00');
  });

  it('sorts passes by weight, descending', () => {
    expect(
      sortByWeight([
        { id: 1, weight: 1 },
        { id: 2, weight: 9 },
        { id: 3, weight: 9 },
      ]).map((p) => p.id),
    ).toEqual([2, 3, 1]);
  });
});

describe('basic pass', () => {
  it('counts as selected when the form is absent or its field is non-zero', () => {
    expect(isBasicPassSelected(null)).toBe(true);
    expect(isBasicPassSelected({ fields: [] })).toBe(true);
    expect(isBasicPassSelected({ fields: [{ name: 'basic_pass', value: 0 }] })).toBe(false);
    expect(isBasicPassSelected({ fields: [{ name: 'basic_pass', value: '0' }] })).toBe(false);
    expect(isBasicPassSelected({ fields: [{ name: 'basic_pass', value: 1 }] })).toBe(true);
    expect(isBasicPassSelected({ fields: [{ name: 'basic_pass', value: '1' }] })).toBe(true);
  });
});

describe('time zone abbreviations', () => {
  it('names standard and daylight time for the US, Europe, Australia and NZ', () => {
    const jan = new Date(Date.UTC(2026, 0, 15, 18));
    const jul = new Date(Date.UTC(2026, 6, 15, 18));
    expect(timeZoneAbbreviation('America/New_York', jan)).toBe('EST');
    expect(timeZoneAbbreviation('America/New_York', jul)).toBe('EDT');
    expect(timeZoneAbbreviation('America/Phoenix', jul)).toBe('MST');
    expect(timeZoneAbbreviation('Europe/Sofia', jan)).toBe('EET');
    expect(timeZoneAbbreviation('Europe/Sofia', jul)).toBe('EEST');
    expect(timeZoneAbbreviation('Australia/Sydney', jan)).toBe('AEDT');
    expect(timeZoneAbbreviation('Australia/Sydney', jul)).toBe('AEST');
    expect(timeZoneAbbreviation('Pacific/Auckland', jan)).toBe('NZDT');
    expect(timeZoneAbbreviation('Asia/Tokyo', jan)).toBeNull();
  });
});

describe('wall-clock times in a zone', () => {
  it('turns a local kick-off into its UTC instant, on either side of a daylight-saving change', () => {
    // 19:00 in Chicago: CST (UTC-6) in January, CDT (UTC-5) in July.
    expect(zonedTimeToUtc('America/Chicago', 2026, 0, 15, 19, 0).toISOString()).toBe('2026-01-16T01:00:00.000Z');
    expect(zonedTimeToUtc('America/Chicago', 2026, 6, 1, 19, 0).toISOString()).toBe('2026-07-02T00:00:00.000Z');
    // The day the clocks go forward in Sofia (29 March 2026, 03:00 EET becomes 04:00 EEST).
    expect(zonedTimeToUtc('Europe/Sofia', 2026, 2, 29, 18, 30).toISOString()).toBe('2026-03-29T15:30:00.000Z');
  });

  it("gives a moment's calendar date in the zone, not in UTC", () => {
    expect(zonedDate('Europe/Sofia', Date.UTC(2026, 0, 1, 22, 30))).toEqual([2026, 0, 2]);
    expect(zonedDate('America/Chicago', new Date(Date.UTC(2026, 0, 1, 3, 0)))).toEqual([2025, 11, 31]);
  });
});

describe('theme', () => {
  it('derives the opacity steps of the spec as custom properties', () => {
    expect(withOpacity('#ff8000', 50)).toBe('rgba(255, 128, 0, 0.5)');
    const props = themeProperties({
      'body-text-color': '#000000',
      'footer-background': '#102030',
      'primary-color': '#ffffff',
    });
    expect(props['--body-text-color']).toBe('#000000');
    expect(Object.keys(props).filter((k) => k.startsWith('--body-text-color-'))).toHaveLength(7);
    expect(props['--footer-background-70']).toBe('rgba(16, 32, 48, 0.7)');
    expect(Object.keys(props).filter((k) => k.startsWith('--primary-color-'))).toHaveLength(0);
  });
});

describe('Intl formatters', () => {
  it('makes one per locale and options, and formats as Intl does', () => {
    const options = { hour: 'numeric', minute: '2-digit', timeZone: 'America/Chicago' } as const;
    const format = dateTimeFormat('en-US', options);
    expect(dateTimeFormat('en-US', { ...options })).toBe(format);
    expect(dateTimeFormat('fr-FR', options)).not.toBe(format);
    const at = new Date(Date.UTC(2026, 10, 22, 1, 0));
    expect(format.format(at)).toBe(new Intl.DateTimeFormat('en-US', options).format(at));
    expect(numberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(9.99)).toBe(
      new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(9.99),
    );
    expect(() => numberFormat('en-US', { style: 'currency', currency: 'NOPE1' })).toThrow(RangeError);
  });
});
