/**
 * `GET /api/menu` of the product (channel by host, cached, zod-serialized, behind security headers and rate
 * limiting) against a bare Fastify route answering the same bytes. Both run in their own process; one run
 * measures both, so the ratio holds whatever the machine's speed.
 */
import { startServer } from '../e2e/support/server';
import { fmt, load, startBare } from './support/load';

export async function benchApiMenu({ seconds = 8 } = {}) {
  const server = await startServer({ RATE_LIMIT_MAX: '100000000', LOG_LEVEL: 'error' });
  const ours = `${server.url}/api/menu`;
  const body = await (await fetch(ours)).text();
  const bare = await startBare(body, server.port + 1);
  try {
    // Warm both (JIT, caches) before measuring.
    await load(ours, { seconds: 2 });
    await load(bare.url, { seconds: 2 });
    const a = await load(ours, { seconds });
    const b = await load(bare.url, { seconds });
    const ratio = a.rps / b.rps;
    console.log('\nGET /api/menu vs a bare Fastify route (same body, 16 connections)');
    console.log(
      `  ours : ${fmt(a.rps)} req/s  p50 ${a.p50} ms  p99 ${a.p99} ms  errors ${a.errors} non-2xx ${a.non2xx}`,
    );
    console.log(`  bare : ${fmt(b.rps)} req/s  p50 ${b.p50} ms  p99 ${b.p99} ms`);
    console.log(`  ratio: ${fmt(ratio, 2)} of the bare route's rate`);
    return { ours: a, bare: b, ratio };
  } finally {
    bare.stop();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchApiMenu();
}
