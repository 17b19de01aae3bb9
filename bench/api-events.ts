/**
 * A filtered `GET /api/events` page on PostgreSQL with 10,000 and with 1,000,000 seeded events, each next to a
 * bare Fastify route answering the same bytes, all measured in one run: once as shipped (public listing rows
 * cached for 15 s, access decided per request) and once with the cache off, so every request reaches the
 * database. Targets: at least a quarter of the bare route's rate, and the 1,000,000-event p99 within 1.5 times
 * the 10,000-event p99.
 * Needs PostgreSQL (BENCH_DATABASE_URL, default this machine's server); seeds the two databases once.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { REPO_ROOT, startServer } from '../e2e/support/server';
import { fmt, type LoadResult, load, startBare } from './support/load';

const run = promisify(execFile);
const ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbUrl = (name: string) => Object.assign(new URL(ADMIN), { pathname: `/${name}` }).toString();

/** Makes sure a database holds the demo channels with `events` events on localhost (seeding takes minutes at 1M). */
async function ensureSeeded(name: string, events: number) {
  const admin = postgres(ADMIN, { max: 1, onnotice: () => {} });
  try {
    const exists = await admin`select 1 from pg_database where datname = ${name}`;
    if (exists.length) {
      const db = postgres(dbUrl(name), { max: 1, onnotice: () => {} });
      try {
        const [row] =
          await db`select count(*)::int as n from events e join channels c on c.id = e.channel_id where c.slug = 'heartland'`.catch(
            () => [{ n: -1 }],
          );
        if (row?.n === events) return;
      } finally {
        await db.end();
      }
    } else {
      await admin.unsafe(`create database "${name}"`);
    }
  } finally {
    await admin.end();
  }
  console.log(`seeding ${name} with ${events.toLocaleString('en-US')} events…`);
  await run('npm', ['run', 'seed', '--silent', '--', '--events', String(events), '--reset'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: dbUrl(name), DATA_DIR: `/tmp/${name}` },
    maxBuffer: 16 * 1024 * 1024,
  });
  const db = postgres(dbUrl(name), { max: 1, onnotice: () => {} });
  await db`analyze`;
  await db.end();
}

async function measure(
  name: string,
  seconds: number,
  cacheMs: number,
): Promise<{ ours: LoadResult; bare: LoadResult; path: string }> {
  const server = await startServer({
    DATABASE_URL: dbUrl(name),
    DATA_DIR: `/tmp/${name}`,
    EVENTS_CACHE_TTL_MS: String(cacheMs),
    RATE_LIMIT_MAX: '100000000',
    LOG_LEVEL: 'error',
  });
  try {
    const key = (
      (await await fetch(`${server.url}/api/get_api_key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channel_key: 'hcn_demo_channel_key_localhost' }),
      }).then((r) => r.json())) as { data: { api_key: string } }
    ).data.api_key;
    const categories = (await (await fetch(`${server.url}/api/events-categories`)).json()) as {
      data: { id: number; alias: string }[];
    };
    const groups = (await (await fetch(`${server.url}/api/participant-groups`)).json()) as {
      data: { id: number; alias: string }[];
    };
    const sport = categories.data.find((c) => c.alias === 'basketball')?.id;
    const school = groups.data.find((g) => g.alias === 'northfield')?.id;
    // The schedule's typical view: finished basketball games of one school, newest first, one page.
    const path = `/api/events?stream_status=finished&event_category_id=${sport}&participant_group_id=${school}&sort_direction=desc&limit=20&api_key=${key}`;
    const body = await (await fetch(`${server.url}${path}`)).text();
    const bare = await startBare(body, server.port + 1);
    try {
      await load(`${server.url}${path}`, { seconds: 2 });
      await load(bare.url, { seconds: 2 });
      return { ours: await load(`${server.url}${path}`, { seconds }), bare: await load(bare.url, { seconds }), path };
    } finally {
      bare.stop();
    }
  } finally {
    await server.stop();
  }
}

export async function benchApiEvents({ seconds = 10 } = {}) {
  await ensureSeeded('sideline_bench_10k', 10_000);
  await ensureSeeded('sideline_bench_1m', 1_000_000);
  const modes = [
    ['as shipped (public listing rows cached 15 s, access per request)', 15_000],
    ['cache off: every request queries PostgreSQL', 0],
  ] as const;
  const results = [];
  for (const [mode, cacheMs] of modes) {
    const small = await measure('sideline_bench_10k', seconds, cacheMs);
    const large = await measure('sideline_bench_1m', seconds, cacheMs);
    results.push({ mode, small, large });
  }
  console.log(
    '\nGET /api/events, filtered page (finished basketball of one school, newest first, 20 rows), PostgreSQL',
  );
  for (const { mode, small, large } of results) {
    console.log(`  ${mode}`);
    for (const [label, r] of [
      ['10,000 events', small],
      ['1,000,000 events', large],
    ] as const) {
      const ratio = fmt(r.ours.rps / r.bare.rps, 2);
      console.log(
        `    ${label.padEnd(17)} ours ${fmt(r.ours.rps).padStart(6)} req/s p99 ${String(r.ours.p99).padStart(3)} ms | bare ${fmt(r.bare.rps).padStart(6)} req/s p99 ${r.bare.p99} ms | ratio ${ratio} (target >= 0.25)`,
      );
    }
    console.log(`    p99 1,000,000 / 10,000: ${fmt(large.ours.p99 / Math.max(small.ours.p99, 1), 2)} (target <= 1.5)`);
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchApiEvents();
}
