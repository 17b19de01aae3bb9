import type { SandboxCardBehavior } from './sandbox.table';

/** Stripe's test numbers whose behaviour differs from a plain success. */
const SPECIAL: Record<string, SandboxCardBehavior> = {
  '4000000000000002': 'decline',
  '4000002760003184': 'authenticate',
  '4000000000000341': 'fail_later',
};

/** The Luhn check every real card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^[0-9]{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand by the number's prefix, as Stripe names it. */
export function brandOf(digits: string): string {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^4/.test(digits)) return 'visa';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

export type TestCard = { brand: string; last4: string; behavior: SandboxCardBehavior };

/** What the sandbox keeps of a card: never the number, only brand, last four digits and how it behaves. */
export function readTestCard(number: string): TestCard | null {
  const digits = number.replace(/ /g, '');
  if (!luhnValid(digits)) return null;
  return { brand: brandOf(digits), last4: digits.slice(-4), behavior: SPECIAL[digits] ?? 'succeed' };
}
