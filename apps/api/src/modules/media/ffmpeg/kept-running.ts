import type { FastifyBaseLogger } from 'fastify';
import type { FfmpegRun } from './ffmpeg';

/** The longest wait between two starts of an encoder that keeps dying. */
const MAX_BACKOFF_MS = 30_000;

export type KeepRunningOptions = {
  /** The asset the ffmpeg writes, for the logs. */
  asset: string;
  /** What the logs call it, e.g. "live encoder". */
  name: string;
  /**
   * Starts one run. Throws when it cannot start now (it is tried again with backoff), or returns null when it was
   * no longer wanted by the time it was ready. `onProgress` must reach ffmpeg: a run that lasts resets the backoff.
   */
  launch(onProgress: (seconds: number) => void, stillWanted: () => boolean): Promise<FfmpegRun | null>;
  /** Runs after each run ends, by itself or stopped (pid files, playlist publishers). */
  cleanup?(): Promise<void> | void;
  /** What of an error may be logged: ffmpeg's errors can name a URL with a stream key in it. */
  redact?(err: unknown): unknown;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
};

export type KeptRunning = {
  isRunning(): boolean;
  /** Wants the ffmpeg running from now on; resolves once a start was tried. */
  ensureRunning(): Promise<void>;
  /** Wants it no longer: ends the run and any pending restart. */
  stop(): Promise<void>;
};

/**
 * One ffmpeg kept running while it is wanted: started on demand, started again with backoff (1 s doubling up to
 * 30 s) when it dies or cannot start, the backoff reset once a run has encoded a few seconds. The demo's encoders
 * (the simulator writing HLS itself, and the publisher pushing into the ingest) share this loop.
 */
export function keepRunning(options: KeepRunningOptions): KeptRunning {
  const { asset, name, log } = options;
  const redact = options.redact ?? ((err: unknown) => err);
  let run: FfmpegRun | null = null;
  let wanted = false;
  let starting: Promise<void> | null = null;
  let failures = 0;
  let restartTimer: NodeJS.Timeout | undefined;

  const onProgress = (seconds: number) => {
    if (seconds > 2 && failures > 0) failures = 0;
  };

  function retry(err: unknown, what: string) {
    failures++;
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(failures - 1, 5));
    log.error({ error: String(redact(err)), asset, restartInMs: delay }, `${name} ${what}; starting it again`);
    restartTimer = setTimeout(() => void ensure(), delay);
    restartTimer.unref();
  }

  async function start() {
    const current = await options.launch(onProgress, () => wanted);
    if (!current) return;
    // Set even when no longer wanted: stop() awaits this start and then ends the run.
    run = current;
    log.info({ asset, pid: current.pid }, `${name} started`);
    current.done.then(
      () => onExit(current, new Error('ffmpeg exited')),
      (err: unknown) => onExit(current, err),
    );
  }

  async function onExit(ended: FfmpegRun, err: unknown) {
    if (run !== ended) return;
    run = null;
    await options.cleanup?.();
    if (wanted) retry(err, 'stopped');
  }

  function ensure(): Promise<void> {
    if (run || !wanted) return Promise.resolve();
    starting ??= start()
      .catch((err: unknown) => {
        if (wanted) retry(err, 'could not start');
      })
      .finally(() => {
        starting = null;
      });
    return starting;
  }

  return {
    isRunning: () => run !== null,
    ensureRunning() {
      wanted = true;
      return ensure();
    },
    async stop() {
      wanted = false;
      clearTimeout(restartTimer);
      await starting;
      const current = run;
      run = null;
      if (current) {
        current.kill();
        await current.done.catch(() => undefined);
      }
      await options.cleanup?.();
      if (current) log.info({ asset }, `${name} stopped`);
    },
  };
}
