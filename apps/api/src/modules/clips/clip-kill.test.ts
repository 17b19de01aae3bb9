import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, seededDataDir, startServer, stopServer } from '../../../test/support/server-process';
import { ffmpegPath } from '../media';

type Json = { data: Record<string, unknown> & Record<string, unknown>[] };

/** An ffmpeg whose joining step reads its input in real time, so a cut lasts as long as its clip. */
async function slowJoinFfmpeg(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sideline-slow-ffmpeg-'));
  const script = path.join(dir, 'ffmpeg');
  await writeFile(
    script,
    `#!/bin/sh\ncase "$*" in *"-f concat"*) exec "${ffmpegPath()}" -re "$@" ;; esac\nexec "${ffmpegPath()}" "$@"\n`,
  );
  await chmod(script, 0o755);
  return script;
}

/** Processes whose command line names this folder (a clip's work files are in it). */
const processesUsing = (dir: string) => {
  try {
    return execFileSync('pgrep', ['-f', dir], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};

/**
 * The real server killed with SIGKILL in the middle of a clip's cut: its ffmpeg dies with it, and the restarted
 * server cuts the clip it had acknowledged. (The in-process variant is `clip-restart.test.ts`.)
 */
describe('a clip survives kill -9 of the server', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('an acknowledged clip being cut at the kill is ready after the restart, and no ffmpeg is left', async () => {
    const dataDir = await seededDataDir('clip-kill');
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = {
      LIVE_SIMULATOR: 'false',
      DEMO_GAME_S: '30',
      DEMO_MEDIA_CACHE_DIR: path.join(tmpdir(), 'sideline-media-cache'),
    };
    const first = await startServer(dataDir, { ...env, FFMPEG_PATH: await slowJoinFfmpeg() });
    cleanup.push(() => stopServer(first, 'SIGKILL'));
    const call = (server: RunningServer) => async (method: string, url: string, body?: object) => {
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: (await res.json()) as Json };
    };
    const api = call(first);
    const guest = (await api('POST', '/api/get_api_key', { channel_key: 'hcn_demo_channel_key_localhost' })).json.data
      .api_key;
    const login = await api('POST', '/api/v2/auth/login', {
      email: 'premium@sideline.test',
      password: 'Sideline-demo-1',
      api_key: guest,
    });
    const key = login.json.data.api_key as string;
    const games = (await api('GET', `/api/events?stream_status=finished&limit=1&api_key=${key}`)).json.data;
    const game = games[0]?.id as number;
    // The demo's recordings are packaged in the background after the start.
    for (let until = Date.now() + 90_000; ; ) {
      if ((await api('GET', `/api/events/${game}/playback?api_key=${key}`)).status === 200) break;
      if (Date.now() > until) throw new Error('the demo recordings were not packaged');
      await new Promise((r) => setTimeout(r, 500));
    }
    const made = await api('POST', '/api/clip', {
      api_key: key,
      event_id: game,
      name: 'Killed mid-cut',
      start_time: 3,
      duration: 20,
      tags: ['highlight'],
    });
    expect(made.status).toBe(201);
    const clipId = made.json.data.id as number;
    const status = async (server: RunningServer) =>
      (await call(server)('GET', `/api/clips/event/${game}?api_key=${key}`)).json.data.find((c) => c.id === clipId)
        ?.status as string | undefined;
    for (let until = Date.now() + 10_000; (await status(first)) !== 'processing'; ) {
      if (Date.now() > until) throw new Error('the cut did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    // The cut's ffmpeg, named by its work folder: on a busy machine it can start a moment after the status says so.
    for (let until = Date.now() + 10_000; processesUsing(path.join(dataDir, 'media', 'work')) === ''; ) {
      if (Date.now() > until) throw new Error('no ffmpeg is cutting the clip');
      await new Promise((r) => setTimeout(r, 100));
    }
    await stopServer(first, 'SIGKILL');
    // The kernel ends the cut's ffmpeg with its parent (a parent-death signal): nothing runs on alone.
    for (let until = Date.now() + 5_000; processesUsing(path.join(dataDir, 'media', 'work')) !== ''; ) {
      if (Date.now() > until) throw new Error('ffmpeg outlived the killed server');
      await new Promise((r) => setTimeout(r, 100));
    }

    const second = await startServer(dataDir, env);
    cleanup.push(() => stopServer(second, 'SIGKILL'));
    for (let until = Date.now() + 30_000; (await status(second)) !== 'ready'; ) {
      if (Date.now() > until) throw new Error(`clip not ready after the restart: ${await status(second)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const clip = (await call(second)('GET', `/api/clips/user?api_key=${key}`)).json.data.find((c) => c.id === clipId);
    const file = await fetch(new URL(String(clip?.url), second.url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect((await stat(path.join(dataDir, 'media', 'clips', String(clip?.uuid), 'clip.mp4'))).size).toBeGreaterThan(
      10_000,
    );
  }, 240_000);
});
