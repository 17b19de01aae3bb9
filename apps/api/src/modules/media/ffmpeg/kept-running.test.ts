import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FfmpegRun } from './ffmpeg';
import { keepRunning } from './kept-running';

/** A stand-in for one ffmpeg run that the test ends by hand. */
function fakeRun() {
  let end!: (err?: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    end = (err) => (err ? reject(err) : resolve());
  });
  const run: FfmpegRun & { killed: boolean; die(err?: Error): void } = {
    done,
    pid: 4242,
    killed: false,
    kill() {
      run.killed = true;
      end();
    },
    die: (err) => end(err ?? new Error('ffmpeg crashed')),
  };
  return run;
}

const quietLog = () => ({ info: vi.fn(), error: vi.fn() });

describe('keepRunning', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts on demand, starts again with a doubling backoff when it dies, and a lasting run resets the backoff', async () => {
    const runs: ReturnType<typeof fakeRun>[] = [];
    let progress: (s: number) => void = () => {};
    const log = quietLog();
    const encoder = keepRunning({
      asset: 'live/e1',
      name: 'live encoder',
      log,
      async launch(onProgress) {
        progress = onProgress;
        const run = fakeRun();
        runs.push(run);
        return run;
      },
    });
    expect(encoder.isRunning()).toBe(false);
    await encoder.ensureRunning();
    expect(encoder.isRunning()).toBe(true);
    await encoder.ensureRunning();
    expect(runs).toHaveLength(1);

    runs[0]?.die();
    await vi.advanceTimersByTimeAsync(0);
    expect(encoder.isRunning()).toBe(false);
    expect(log.error.mock.calls[0]?.[0]).toMatchObject({ restartInMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toHaveLength(2);

    runs[1]?.die();
    await vi.advanceTimersByTimeAsync(0);
    expect(log.error.mock.calls[1]?.[0]).toMatchObject({ restartInMs: 2000 });
    await vi.advanceTimersByTimeAsync(1999);
    expect(runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(3);

    progress(5);
    runs[2]?.die();
    await vi.advanceTimersByTimeAsync(0);
    expect(log.error.mock.calls[2]?.[0]).toMatchObject({ restartInMs: 1000 });
    await encoder.stop();
  });

  it('stop ends the run, cancels a pending restart and cleans up once the run is over', async () => {
    const runs: ReturnType<typeof fakeRun>[] = [];
    const cleanup = vi.fn();
    const encoder = keepRunning({
      asset: 'live/e2',
      name: 'demo encoder',
      log: quietLog(),
      cleanup,
      async launch() {
        const run = fakeRun();
        runs.push(run);
        return run;
      },
    });
    await encoder.ensureRunning();
    runs[0]?.die();
    await vi.advanceTimersByTimeAsync(0);
    expect(cleanup).toHaveBeenCalledTimes(1);
    await encoder.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(1);

    await encoder.ensureRunning();
    expect(runs).toHaveLength(2);
    await encoder.stop();
    expect(runs[1]?.killed).toBe(true);
    expect(encoder.isRunning()).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(2);
  });

  it('tries a start that failed again, and logs the error without what redact removes', async () => {
    let attempts = 0;
    const log = quietLog();
    const encoder = keepRunning({
      asset: 'live/e3',
      name: 'demo encoder',
      log,
      redact: (err) => String(err).replace(/rtmp:\/\/\S+/g, 'rtmp://…'),
      async launch() {
        attempts++;
        if (attempts < 3) throw new Error('cannot reach rtmp://127.0.0.1:1935/live/secret-key');
        return fakeRun();
      },
    });
    await encoder.ensureRunning();
    expect(encoder.isRunning()).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(attempts).toBe(3);
    expect(encoder.isRunning()).toBe(true);
    const logged = JSON.stringify(log.error.mock.calls);
    expect(logged).not.toContain('secret-key');
    expect(logged).toContain('rtmp://…');
    await encoder.stop();
  });

  it('a start that is no longer wanted when ready leaves nothing running', async () => {
    const encoder = keepRunning({
      asset: 'live/e4',
      name: 'live encoder',
      log: quietLog(),
      async launch(_progress, stillWanted) {
        await new Promise((r) => setTimeout(r, 100));
        return stillWanted() ? fakeRun() : null;
      },
    });
    const started = encoder.ensureRunning();
    const stopped = encoder.stop();
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all([started, stopped]);
    expect(encoder.isRunning()).toBe(false);
  });
});
