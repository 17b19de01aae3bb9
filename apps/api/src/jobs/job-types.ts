import type { PackageJob } from '../modules/media';

/**
 * Every background job, as a union keyed by name: handlers are typed by it and the queue accepts nothing else
 * (PeerTube's job-queue pattern). Later work adds media packaging, clip cutting and renewals.
 */
export type Job =
  /** Wakes the mail sender: the messages themselves wait in the outbox table, which survives a lost job. */
  | { name: 'mail.send'; data: Record<string, never> }
  | { name: 'media.package'; data: PackageJob }
  /** Remuxes a finished game's replay into the MP4 its download serves; a repeated job finds it made. */
  | { name: 'media.replay-mp4'; data: { key: string } }
  /** Cuts a clip; the clip's row holds its state, so a lost or repeated job does no harm. */
  | { name: 'clip.cut'; data: { clipId: number } }
  /** Wakes the payment sandbox: payments to confirm and events to send wait in its tables. */
  | { name: 'sandbox.work'; data: Record<string, never> }
  /**
   * The billing clock: the sandbox provider's renewals, trial notices and retries, then the expiry of access whose
   * period passed, all by the clock when it runs (a late job does what is due by then).
   */
  | { name: 'billing.tick'; data: Record<string, never> };

export type JobName = Job['name'];
export type JobData<N extends JobName> = Extract<Job, { name: N }>['data'];
export type JobHandlers = { [N in JobName]: (data: JobData<N>) => Promise<void> };

/**
 * How many jobs of each kind run at once per process: mail is light, packaging takes the CPU. One billing tick at a
 * time; its steps lock their rows, so ticks in other processes are safe too.
 */
export const JOB_CONCURRENCY: Record<JobName, number> = {
  'mail.send': 4,
  'media.package': 1,
  'media.replay-mp4': 1,
  // Cuts are short and mostly stream copies: two at once keep a queue of fans moving.
  'clip.cut': 2,
  'sandbox.work': 1,
  'billing.tick': 1,
};
