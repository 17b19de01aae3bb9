import { describe, expect, it } from 'vitest';
import type { JobHandlers } from './job-types';
import { createInProcessQueue } from './queue';

const quiet = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the in-process job queue', () => {
  it('closes while a job that failed waits for its retry: the retry is dropped, the close does not hang', async () => {
    const queue = createInProcessQueue({ log: quiet as never });
    let runs = 0;
    const failing = async () => {
      runs++;
      throw new Error('ffmpeg ended by the close');
    };
    await queue.start({ 'media.replay-mp4': failing } as unknown as JobHandlers);
    await queue.add({ name: 'media.replay-mp4', data: { key: 'vod/x-e1' } });
    // The job failed and waits out its back-off (400 ms) in its slot; the app closes meanwhile.
    await sleep(50);
    const closed = await Promise.race([queue.close().then(() => true), sleep(3_000).then(() => false)]);
    expect(closed).toBe(true);
    await sleep(500);
    expect(runs).toBe(1);
  });

  it('retries a failed job while open, up to its attempts', async () => {
    const queue = createInProcessQueue({ log: quiet as never });
    let runs = 0;
    await queue.start({
      'media.replay-mp4': async () => {
        runs++;
        if (runs < 2) throw new Error('once');
      },
    } as unknown as JobHandlers);
    await queue.add({ name: 'media.replay-mp4', data: { key: 'vod/x-e1' } });
    await queue.drain();
    expect(runs).toBe(2);
    await queue.close();
  });
});
