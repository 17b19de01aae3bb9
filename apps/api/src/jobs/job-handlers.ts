import type { Metrics } from '../plugins/metrics';
import type { JobHandlers } from './job-types';

/**
 * Every background job and what runs it, in one place: adding a job is a line in job-types.ts and one here. Each
 * handler is counted in the metrics (`jobs_total` by name and outcome).
 */
export function jobHandlers({
  metrics,
  sendMail,
  packageMedia,
  replayMp4,
  cutClip,
  sandboxWork,
  billingTick,
}: {
  metrics: Metrics;
  /** The mail outbox's due messages. */
  sendMail(): Promise<void>;
  packageMedia: JobHandlers['media.package'];
  /** Makes a replay's MP4 for downloads. */
  replayMp4(key: string): Promise<void>;
  cutClip(clipId: number): Promise<void>;
  /** The payment sandbox's due payments and events (nothing with Stripe). */
  sandboxWork(): Promise<void>;
  /** The billing clock now. */
  billingTick(now: Date): Promise<void>;
}): JobHandlers {
  return {
    'mail.send': metrics.counted('mail.send', () => sendMail()),
    'media.package': metrics.counted('media.package', packageMedia),
    'media.replay-mp4': metrics.counted('media.replay-mp4', ({ key }: { key: string }) => replayMp4(key)),
    'clip.cut': metrics.counted('clip.cut', ({ clipId }: { clipId: number }) => cutClip(clipId)),
    'sandbox.work': metrics.counted('sandbox.work', () => sandboxWork()),
    'billing.tick': metrics.counted('billing.tick', () => billingTick(new Date())),
  };
}
