/**
 * The yardstick: a bare Fastify server answering one route with a fixed JSON body, in its own process
 * like the product. Started by the benchmarks with BARE_PORT and BARE_BODY_FILE.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BARE_BODY_FILE ?? '', 'utf8');
const app = Fastify({ logger: false });
app.get('/bare', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ host: '127.0.0.1', port: Number(process.env.BARE_PORT) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
