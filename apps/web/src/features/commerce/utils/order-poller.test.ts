import type { Order } from '@sideline/contract/commerce';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { order } from '../testing/fixtures';
import { OrderFailedError, pollOrder } from './order-poller';

/** Answers the given statuses in turn, then the last one again. */
function server(...statuses: Order['status'][]) {
  let call = 0;
  return vi.fn(async (id: number) => {
    const status = statuses[Math.min(call++, statuses.length - 1)] ?? 'Pending';
    return order({ id, status, failure_message: status === 'Failed' ? 'Your card was declined.' : null });
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('order polling', () => {
  it('asks at once, then every 2000 ms, and resolves with the order once Paid', async () => {
    const getOrder = server('Pending', 'Pending', 'Paid');
    const { promise } = pollOrder(77, getOrder);
    const done = vi.fn();
    promise.then(done);
    await vi.advanceTimersByTimeAsync(0);
    expect(getOrder).toHaveBeenCalledTimes(1);
    expect(getOrder).toHaveBeenCalledWith(77);
    await vi.advanceTimersByTimeAsync(1999);
    expect(getOrder).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getOrder).toHaveBeenCalledTimes(2);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(getOrder).toHaveBeenCalledTimes(3);
    expect(done).toHaveBeenCalledWith(expect.objectContaining({ id: 77, status: 'Paid' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(getOrder).toHaveBeenCalledTimes(3);
  });

  it('treats any status but Paid and Failed as pending', async () => {
    const getOrder = server('Refunded', 'Pending', 'Paid');
    const { promise } = pollOrder(77, getOrder);
    await vi.advanceTimersByTimeAsync(4000);
    await expect(promise).resolves.toMatchObject({ status: 'Paid' });
    expect(getOrder).toHaveBeenCalledTimes(3);
  });

  it('rejects a Failed order with its data and the popup flag, and stops asking', async () => {
    const getOrder = server('Pending', 'Failed');
    const { promise } = pollOrder(77, getOrder);
    const failed = promise.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2000);
    const error = await failed;
    expect(error).toBeInstanceOf(OrderFailedError);
    expect((error as OrderFailedError).popup).toBe(true);
    expect((error as OrderFailedError).order).toMatchObject({ id: 77, status: 'Failed' });
    expect((error as OrderFailedError).message).toBe('Your card was declined.');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(getOrder).toHaveBeenCalledTimes(2);
  });

  it('rejects with the request’s own error', async () => {
    const boom = new Error('network down');
    const getOrder = vi.fn().mockResolvedValueOnce(order()).mockRejectedValueOnce(boom);
    const { promise } = pollOrder(77, getOrder);
    const failed = promise.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await failed).toBe(boom);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(getOrder).toHaveBeenCalledTimes(2);
  });

  it('stops: no request after stop(), and the promise never settles', async () => {
    const getOrder = server('Pending');
    const poller = pollOrder(77, getOrder);
    const settled = vi.fn();
    poller.promise.then(settled, settled);
    await vi.advanceTimersByTimeAsync(2000);
    expect(getOrder).toHaveBeenCalledTimes(2);
    poller.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(getOrder).toHaveBeenCalledTimes(2);
    expect(settled).not.toHaveBeenCalled();
  });
});
