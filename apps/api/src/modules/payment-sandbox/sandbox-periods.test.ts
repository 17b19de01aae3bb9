import { describe, expect, it } from 'vitest';
import { addPeriods } from './sandbox-subscriptions';

describe('billing periods', () => {
  it('adds 30 days per monthly period and 12 calendar months per annual one', () => {
    const from = new Date('2027-01-31T10:00:00Z');
    expect(addPeriods(from, 'month', 1).toISOString()).toBe('2027-03-02T10:00:00.000Z');
    expect(addPeriods(from, 'month', 3).toISOString()).toBe('2027-05-01T10:00:00.000Z');
    expect(addPeriods(from, 'year', 1).toISOString()).toBe('2028-01-31T10:00:00.000Z');
    expect(addPeriods(from, 'year', 2).toISOString()).toBe('2029-01-31T10:00:00.000Z');
  });

  it('bills a plan started on 29 February on 28 February in other years', () => {
    expect(addPeriods(new Date('2028-02-29T08:00:00Z'), 'year', 1).toISOString()).toBe('2029-02-28T08:00:00.000Z');
    expect(addPeriods(new Date('2028-02-29T08:00:00Z'), 'year', 4).toISOString()).toBe('2032-02-29T08:00:00.000Z');
  });
});
