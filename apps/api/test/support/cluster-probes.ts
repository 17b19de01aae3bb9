import { expect } from 'vitest';
import type { Cluster } from '../../../../deploy/cluster/cluster';
import type { ClusterSuite } from './cluster-suite';
import { waitUntil } from './system-suite';

// What the cluster suite measures from outside: who served a route, a game that plays, a link's status, fans under load.

export const apiServed = async (cluster: Cluster, route: string) => {
  let total = 0;
  for (const api of cluster.apis) {
    const text = await (await fetch(`http://127.0.0.1:${api.port}/metrics`)).text();
    for (const line of text.split('\n')) {
      if (line.startsWith('sideline_http_requests_total{') && line.includes(`route="${route}"`)) {
        total += Number(line.split(' ').at(-1));
      }
    }
  }
  return total;
};

export const playbackUrl = async (s: ClusterSuite, fanKey: string, game: number) => {
  const playback = await s.call('GET', `/api/events/${game}/playback?api_key=${fanKey}`);
  expect(playback.status, JSON.stringify(playback.json)).toBe(200);
  return String(playback.json.data.url);
};
/**
 * The first of these finished games that plays now, as the premium fan (who may watch every game) finds out: the
 * worker packages the demo's stand-in recordings one at a time as the cluster starts, which on a busy machine (or
 * when this test runs alone) takes minutes, and a game plays once its sport's stand-in is there.
 */
export const playableGame = (s: ClusterSuite, games: number[]) =>
  waitUntil(
    'a finished game that plays',
    async () => {
      for (const game of games) {
        if ((await s.call('GET', `/api/events/${game}/playback?api_key=${s.key}`)).status === 200) return game;
      }
      return undefined;
    },
    300_000,
    2_000,
  );
/** A play link's rendition playlist and its first segment, as a player asks for them. */
export const playlistAndSegment = async (cluster: Cluster, master: string) => {
  const playlist = master.replace('master.m3u8', '360p/index.m3u8');
  const listed = await fetch(`${cluster.url}${playlist}`);
  expect(listed.status, playlist).toBe(200);
  const segment = (await listed.text()).split('\n').find((l) => l.endsWith('.ts'));
  return [playlist, master.replace('master.m3u8', `360p/${segment}`)];
};
/** A link's status; the MP4 is asked for its first bytes only, as a player starts (206). */
export const statusAt = async (base: string, url: string) => {
  const range = url.includes('/download.mp4') ? { range: 'bytes=0-999' } : undefined;
  const res = await fetch(`${base}${url}`, { headers: range });
  await res.arrayBuffer();
  return res.status;
};

/**
 * Eight fans asking for the menu through nginx until told to stop; what failed, by status (or network error).
 * `stopAfter(ms)` lets them go on that long more, then waits for them.
 */
export const startFans = (cluster: Cluster) => {
  const seen = { done: 0, failures: 0, statuses: {} as Record<string, number> };
  let until = Number.POSITIVE_INFINITY;
  const fans = Promise.all(
    Array.from({ length: 8 }, async () => {
      while (Date.now() < until) {
        const res = await fetch(`${cluster.url}/api/menu`).catch(() => null);
        const status = String(res?.status ?? 'network error');
        if (status !== '200') {
          seen.failures++;
          seen.statuses[status] = (seen.statuses[status] ?? 0) + 1;
        }
        await res?.arrayBuffer();
        seen.done++;
      }
    }),
  );
  return {
    async stopAfter(ms: number) {
      until = Date.now() + ms;
      await fans;
      return seen;
    },
  };
};

/** How many menus an API process answered (its own metrics). */
export const menusServedBy = async (api: { port: number } | undefined) => {
  const metrics = await (await fetch(`http://127.0.0.1:${api?.port}/metrics`)).text();
  return Number(
    /sideline_http_requests_total\{method="GET",route="\/api\/menu",status="200"\} (\d+)/.exec(metrics)?.[1] ?? 0,
  );
};
/**
 * Starts the fans and waits until each of these API processes has answered menus of their load (nginx sends them
 * requests); sends the fans home if that does not come.
 */
export const fansOn = async (cluster: Cluster, apis: ({ port: number } | undefined)[]) => {
  const before = await Promise.all(apis.map(menusServedBy));
  const fans = startFans(cluster);
  await waitUntil(
    'nginx sending the fans to every API process',
    async () => (await Promise.all(apis.map(menusServedBy))).every((n, i) => n >= (before[i] ?? 0) + 10),
    15_000,
  ).catch(async (err) => {
    await fans.stopAfter(0);
    throw err;
  });
  return fans;
};
