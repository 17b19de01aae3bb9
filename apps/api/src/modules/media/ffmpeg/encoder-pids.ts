import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A pid file per running live encoder, so a start after a crash finds an encoder a dead server left behind
 * (where no parent-death signal could be set) and ends it before running its own on the same output.
 */
export function encoderPids(runDir: string) {
  const fileOf = (key: string) => path.join(runDir, `ffmpeg-${key.replace('/', '-')}.pid`);

  /** Only a pid that is still an ffmpeg writing to `marker` is ours: pids are reused. */
  async function isOurFfmpeg(pid: number, marker: string): Promise<boolean> {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    const argv = cmdline.split('\0');
    return path.basename(argv[0] ?? '').includes('ffmpeg') && argv.some((a) => a.includes(marker));
  }

  async function killStale(file: string, marker: string): Promise<number | null> {
    const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    await rm(file, { force: true });
    if (!Number.isInteger(pid) || pid <= 1 || !(await isOurFfmpeg(pid, marker))) return null;
    try {
      process.kill(pid, 'SIGKILL');
      return pid;
    } catch {
      return null;
    }
  }

  return {
    /** Ends the stale encoder of `key` (its command line names `outDir`), if one is left running. */
    killStale: (key: string, outDir: string) => killStale(fileOf(key), outDir),
    /** Ends every stale encoder left in the folder, whatever its asset: used once at start. */
    async killAllStale(mediaDir: string): Promise<number[]> {
      const files = await readdir(runDir).catch(() => [] as string[]);
      const killed: number[] = [];
      for (const name of files.filter((f) => /^ffmpeg-.+\.pid$/.test(f))) {
        const pid = await killStale(path.join(runDir, name), mediaDir);
        if (pid) killed.push(pid);
      }
      return killed;
    },
    async write(key: string, pid: number) {
      await mkdir(runDir, { recursive: true });
      await writeFile(fileOf(key), String(pid));
    },
    remove: (key: string) => rm(fileOf(key), { force: true }),
  };
}
export type EncoderPids = ReturnType<typeof encoderPids>;
