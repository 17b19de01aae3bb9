import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  it('resumes in a later task, after work the browser had already queued', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    queueMicrotask(() => order.push('microtask'));
    await nextTask();
    order.push('resumed');
    expect(order).toEqual(['microtask', 'queued task', 'resumed']);
  });
});
