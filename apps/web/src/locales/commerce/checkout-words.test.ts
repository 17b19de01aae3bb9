import { describe, expect, it } from 'vitest';
import { commerceBg } from './bg';
import { commerceEn } from './en';
import { commerceFr } from './fr';

const languages = { en: commerceEn, fr: commerceFr, bg: commerceBg };

// Issue 39 item 14: words a fan saw that were wrong.
describe.each(Object.entries(languages))('the checkout’s words in %s', (_, texts) => {
  it('never show the error code NoPaymentMethod', () => {
    expect(texts.checkout.noPaymentMethod).not.toMatch(/NoPaymentMethod/i);
    expect(texts.checkout.noPaymentMethod.length).toBeGreaterThan(10);
  });

  it('say a free trial started, not that a payment was received', () => {
    expect(texts.checkout.trialStarted).not.toBe(texts.checkout.success);
  });
});

describe('the free trial’s start', () => {
  it('is said in each language', () => {
    expect(commerceEn.checkout.trialStarted).toBe('Your free trial has started. Enjoy!');
    expect(commerceFr.checkout.trialStarted).toMatch(/essai gratuit/);
    expect(commerceBg.checkout.trialStarted).toMatch(/пробен период/);
  });
});
