import { describe, expect, it } from 'vitest';
import { pass } from '../testing/fixtures';
import { buyHref, parsePurchase, passBuyHref, purchaseLinks } from './purchase';

const parse = (q: string) => parsePurchase(new URLSearchParams(q));

describe('what /buy buys', () => {
  it('reads a game, a package with its choices, a plan with add-ons; nothing else', () => {
    expect(parse('event_id=5&package_id=3')).toEqual({ event_id: 5, package_id: 3 });
    expect(parse('package_id=4&categories=2,1&additional=9')).toEqual({
      package_id: 4,
      categories: [2, 1],
      additional: [9],
    });
    expect(parse('package_id=4&participants=31,32')).toEqual({ package_id: 4, participants: [31, 32] });
    expect(parse('subscription_id=7')).toEqual({ subscription_id: 7 });
    expect(parse('')).toBeNull();
    expect(parse('package_id=abc')).toBeNull();
    expect(parse('package_id=4&categories=1,x')).toEqual({ package_id: 4 });
  });

  it('writes the same purchase back as the same address', () => {
    expect(buyHref({ package_id: 4, categories: [1, 2], additional: [] })).toBe('/buy?package_id=4&categories=1%2C2');
    expect(parse(new URL(`http://x${buyHref({ package_id: 4, categories: [1, 2] })}`).search.slice(1))).toEqual({
      package_id: 4,
      categories: [1, 2],
    });
  });

  it('sends a pass with choices to its choice page', () => {
    expect(passBuyHref(pass({ id: 3, event_categories: [1, 2] }))).toBe('/select-package/3');
    expect(passBuyHref(pass({ id: 3, is_team_pass: true, participants: [31, 32] }))).toBe('/select-package/3');
    expect(passBuyHref(pass({ id: 7, kind: 'subscription', additional: [9] }))).toBe(
      '/select-package/7?kind=subscription',
    );
    expect(passBuyHref(pass({ id: 4, event_categories: [1] }))).toBe('/buy?package_id=4');
  });
});

describe('a paid game’s way to its purchase', () => {
  const single = pass({ id: 3, is_single_event: true });
  it('buys a paid game by the single-event package, or by a pass', () => {
    expect(purchaseLinks({ id: 12, type: 'paid' }, [single])).toEqual({
      buy: '/buy?event_id=12&package_id=3',
      passes: '/packages',
    });
  });
  it('buys a pay-per-view game only by its own purchase', () => {
    expect(purchaseLinks({ id: 12, type: 'ppv' }, [single])).toEqual({
      buy: '/buy?event_id=12&package_id=3',
      passes: null,
    });
  });
  it('sends a game without a single-event package to the passes', () => {
    expect(purchaseLinks({ id: 12, type: 'paid' }, [pass({ id: 4 })])).toEqual({ buy: null, passes: '/packages' });
  });
});
