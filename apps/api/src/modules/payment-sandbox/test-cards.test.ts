import { describe, expect, it } from 'vitest';
import { brandOf, luhnValid, readTestCard } from './test-cards';

describe("the sandbox's test cards", () => {
  it("behave by Stripe's numbers; any other valid number succeeds", () => {
    expect(readTestCard('4242 4242 4242 4242')).toEqual({ brand: 'visa', last4: '4242', behavior: 'succeed' });
    expect(readTestCard('4000000000000002')?.behavior).toBe('decline');
    expect(readTestCard('4000 0027 6000 3184')?.behavior).toBe('authenticate');
    expect(readTestCard('4000 0000 0000 0341')?.behavior).toBe('fail_later');
    expect(readTestCard('5555 5555 5555 4444')).toEqual({ brand: 'mastercard', last4: '4444', behavior: 'succeed' });
    expect(readTestCard('3782 822463 10005')).toEqual({ brand: 'amex', last4: '0005', behavior: 'succeed' });
  });

  it('refuses numbers that fail the Luhn check', () => {
    expect(readTestCard('4242 4242 4242 4241')).toBeNull();
    expect(luhnValid('12345')).toBe(false);
    expect(luhnValid('79927398713')).toBe(false);
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(brandOf('2223003122003222')).toBe('mastercard');
  });
});
