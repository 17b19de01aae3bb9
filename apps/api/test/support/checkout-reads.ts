import { orderSchema, transactionSchema } from '@sideline/contract/commerce';
import { errorBodySchema } from '@sideline/contract/errors';
import { expect } from 'vitest';
import type { Inject, TestApp } from './test-app';

/** The common error body of an answer. */
export const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;

/** What the checkout suites read back as a fan: an order, an order once the sandbox settled it, the transactions. */
export function checkoutReads(suite: { t: TestApp; call: Inject }) {
  const order = async (key: string, id: number) => {
    const res = await suite.call({ url: `/api/orders/${id}`, key });
    expect(res.statusCode).toBe(200);
    return orderSchema.parse(res.json().data);
  };
  /** Confirms due payments and delivers their events (the suites set the settle delay to 0), then reads the order. */
  const settled = async (key: string, id: number) => {
    await suite.t.services.payments.runDue();
    return order(key, id);
  };
  const transactionsOf = async (key: string) =>
    (await suite.call({ url: '/api/transactions?no_limit=1', key }))
      .json()
      .data.map((x: unknown) => transactionSchema.parse(x));
  return { order, settled, transactionsOf };
}
