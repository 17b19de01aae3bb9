import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';

const require = createRequire(import.meta.url);

/** ffmpeg from FFMPEG_PATH when given, else the static build shipped by @ffmpeg-installer/ffmpeg. */
export function ffmpegPath(configured?: string): string {
  if (configured) return configured;
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** A font with Latin and Cyrillic letters for burned-in text, from the dejavu-fonts-ttf package. */
export const fontFile = (bold = true) =>
  require.resolve(`dejavu-fonts-ttf/ttf/${bold ? 'DejaVuSans-Bold' : 'DejaVuSans'}.ttf`);

let setpriv: boolean | undefined;
/**
 * Whether util-linux `setpriv` can give a child a parent-death signal here (Linux). Through it every ffmpeg is
 * killed by the kernel when the server dies, even by kill -9, instead of running on under PID 1.
 */
function canSetPdeathsig(): boolean {
  setpriv ??= spawnSync('setpriv', ['--pdeathsig', 'KILL', '--', 'true'], { stdio: 'ignore' }).status === 0;
  return setpriv;
}

export type FfmpegRun = { done: Promise<void>; kill(): void; pid: number | undefined };

/**
 * Runs ffmpeg; `onProgress` gets the seconds of output written so far (from `-progress`), `onProgressText` the
 * `-progress` output itself (progress.ts reads it). Rejects with the end of ffmpeg's error output when it fails.
 */
export function runFfmpeg(
  bin: string,
  args: string[],
  {
    onProgress,
    onProgressText,
    onExit,
    niceness,
  }: {
    onProgress?: (seconds: number) => void;
    onProgressText?: (text: string) => void;
    onExit?: (code: number | null) => void;
    niceness?: number;
  } = {},
): FfmpegRun {
  const full = ['-hide_banner', '-nostats', '-loglevel', 'error', '-progress', 'pipe:1', ...args];
  // setpriv execs ffmpeg in place, so the pid is ffmpeg's own; without setpriv the close hooks still end it.
  const child = canSetPdeathsig()
    ? spawn('setpriv', ['--pdeathsig', 'KILL', '--', bin, ...full], { stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(bin, full, { stdio: ['ignore', 'pipe', 'pipe'] });
  if (niceness && child.pid) {
    try {
      setPriority(child.pid, niceness);
    } catch {
      // Not allowed here (or the child is already gone): it runs at the server's own priority.
    }
  }
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  child.stdout.on('data', (d: Buffer) => {
    const text = d.toString();
    onProgressText?.(text);
    const match = /out_time_(?:ms|us)=(\d+)/.exec(text);
    if (match && onProgress) onProgress(Number(match[1]) / 1_000_000);
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      onExit?.(code);
      if (code === 0) resolve();
      else
        reject(new Error(`ffmpeg exited with ${code ?? signal}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
  return { done, kill: () => child.kill('SIGTERM'), pid: child.pid };
}

/** The app is closing: a job's ffmpeg was ended, and the job goes back to its queue rather than failing. */
export class HandedBack extends Error {}

/**
 * The ffmpeg runs of background jobs (packaging, clip cuts), so closing the app ends them instead of leaving them
 * behind: `run` refuses to start once closing and turns a run ended by the close into `HandedBack`; `close` ends the
 * running ones and waits for the jobs `track`ed to settle.
 */
export function createFfmpegJobs(bin: string, { niceness }: { niceness?: number } = {}) {
  const running = new Set<FfmpegRun>();
  const jobs = new Set<Promise<unknown>>();
  let closing = false;
  return {
    async run(args: string[], onProgress?: (seconds: number) => void): Promise<void> {
      if (closing) throw new HandedBack('closing');
      const child = runFfmpeg(bin, args, { onProgress, niceness });
      running.add(child);
      try {
        await child.done;
      } catch (err) {
        throw closing ? new HandedBack('closing') : err;
      } finally {
        running.delete(child);
      }
    },
    isClosing: () => closing,
    /** Follows a job so `close` waits for it; returns it unchanged. */
    track<T>(job: Promise<T>): Promise<T> {
      const settled = job.catch(() => undefined);
      jobs.add(settled);
      void settled.finally(() => jobs.delete(settled));
      return job;
    },
    async close() {
      closing = true;
      for (const child of running) child.kill();
      await Promise.all(jobs);
    },
  };
}
