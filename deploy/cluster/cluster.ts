/**
 * `npm run cluster`: Sideline as a small cluster on this machine, on real servers. PostgreSQL and Redis (this
 * machine's, started when they are not up), N API processes (default 2), one worker process running the jobs from
 * BullMQ, one live encoder process, and nginx from Debian in front, serving the web app's assets and the media
 * (its njs module checks the media token). Every process is the built server (`npm run build`) with its own role
 * set by environment variables. Ctrl-C (or SIGTERM) stops them all; each child also dies with this process.
 *
 *   npm run cluster -- [--api 2] [--port 8080] [--data data/cluster] [--database postgres://…] [--redis redis://…]
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CATALOGUE } from '../../packages/contract/src/error-catalogue';

const ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const API = path.join(ROOT, 'apps/api');

export type ClusterOptions = {
  apiProcesses: number;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  redisUrl: string;
  /** Extra environment of every server process (log level, demo sizes…). */
  env?: Record<string, string>;
  /** Extra environment of the job worker only (on top of `env`). */
  workerEnv?: Record<string, string>;
  log?: (line: string) => void;
};

export type Cluster = {
  url: string;
  /** The API processes' own addresses, by index, and their processes (a fault test kills one). */
  apis: { port: number; child: ChildProcess }[];
  /** The job worker running now (a restart replaces it). */
  readonly worker: ChildProcess;
  encoder: ChildProcess;
  nginx: ChildProcess;
  /** Starts API process `i` again after it died. */
  restartApi(i: number): Promise<void>;
  /** Stops the worker (if it still runs) and starts a new one, with `env` on top of its usual environment. */
  restartWorker(env?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const asRoot = () => process.getuid?.() === 0;

/** Debian's nginx with its njs module, installed when missing (as root). */
function ensureNginx(log: (l: string) => void) {
  if (existsSync('/usr/sbin/nginx') && existsSync('/usr/lib/nginx/modules/ngx_http_js_module.so')) return;
  if (!asRoot()) throw new Error('nginx with njs is needed: sudo apt-get install nginx-light libnginx-mod-http-js');
  log("installing Debian's nginx-light and libnginx-mod-http-js");
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
  const r = spawnSync('apt-get', ['install', '-y', '-qq', 'nginx-light', 'libnginx-mod-http-js'], {
    stdio: 'ignore',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (r.status !== 0) throw new Error('apt-get install nginx-light libnginx-mod-http-js failed');
}

/** This machine's PostgreSQL and Redis, started when they are installed but down; the database made if missing. */
async function ensureServices(o: ClusterOptions, log: (l: string) => void) {
  const db = new URL(o.databaseUrl);
  const pgUp = () => spawnSync('pg_isready', ['-h', db.hostname, '-p', db.port || '5432', '-q']).status === 0;
  if (!pgUp() && has('pg_ctlcluster') && existsSync('/etc/postgresql')) {
    log('starting PostgreSQL');
    const version = execFileSync('ls', ['/etc/postgresql'], { encoding: 'utf8' }).trim().split('\n')[0] ?? '';
    spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'ignore' });
    for (let i = 0; i < 30 && !pgUp(); i++) await sleep(1000);
  }
  if (!pgUp()) throw new Error(`PostgreSQL is not reachable at ${db.host}`);
  const name = db.pathname.slice(1);
  const admin = new URL(o.databaseUrl);
  admin.pathname = '/postgres';
  const exists = spawnSync('psql', [admin.toString(), '-tAc', `select 1 from pg_database where datname = '${name}'`], {
    encoding: 'utf8',
  });
  if (!exists.stdout.includes('1')) {
    log(`creating database ${name}`);
    spawnSync('psql', [admin.toString(), '-c', `create database "${name}"`], { stdio: 'ignore' });
  }
  const redis = new URL(o.redisUrl);
  const redisUp = () =>
    spawnSync('redis-cli', ['-h', redis.hostname, '-p', redis.port || '6379', 'ping'], {
      encoding: 'utf8',
    }).stdout.includes('PONG');
  if (!redisUp() && has('redis-server')) {
    log('starting Redis');
    await mkdir('/tmp/sideline-redis', { recursive: true });
    spawnSync(
      'redis-server',
      [
        '--daemonize',
        'yes',
        '--bind',
        '127.0.0.1',
        '--port',
        redis.port || '6379',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        '/tmp/sideline-redis',
      ],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 20 && !redisUp(); i++) await sleep(500);
  }
  if (!redisUp()) throw new Error(`Redis is not reachable at ${redis.host}`);
}

/** Secrets every process must share, made once in the data folder. */
async function sharedSecrets(dataDir: string): Promise<Record<string, string>> {
  const file = path.join(dataDir, 'cluster-secrets.json');
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  const secrets = { MEDIA_TOKEN_SECRET: randomBytes(32).toString('hex') };
  await writeFile(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** A child that the kernel ends when this process dies (util-linux `setpriv`), even by kill -9. */
function spawnTied(cmd: string, args: string[], env: NodeJS.ProcessEnv, name: string, log: (l: string) => void) {
  const tied = has('setpriv');
  const child = spawn(tied ? 'setpriv' : cmd, tied ? ['--pdeathsig', 'TERM', '--', cmd, ...args] : args, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = (d: Buffer) => {
    for (const line of d.toString().split('\n')) if (line.trim()) log(`[${name}] ${line}`);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  return child;
}

async function waitReady(url: string, child: ChildProcess, what: string, ms = 120_000) {
  for (const until = Date.now() + ms; ; ) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if ((await fetch(`${url}/readyz`).catch(() => null))?.ok) return;
    if (Date.now() > until) throw new Error(`${what} not ready within ${ms} ms`);
    await sleep(200);
  }
}

async function stopChild(child: ChildProcess, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  const log = o.log ?? ((l: string) => process.stdout.write(`${l}\n`));
  if (!existsSync(path.join(API, 'dist/server.js')) || !existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('not built: run `npm run build` first');
  }
  ensureNginx(log);
  await ensureServices(o, log);
  const dataDir = path.resolve(o.dataDir);
  const runDir = path.join(dataDir, 'run', 'nginx');
  await mkdir(runDir, { recursive: true });
  // nginx's workers run as an unprivileged user: they must reach the media (public bytes; the secrets file is 0600).
  const served = ['hls', 'clips'].map((dir) => path.join(dataDir, 'media', dir));
  for (const dir of served) await mkdir(dir, { recursive: true });
  for (const dir of [dataDir, path.join(dataDir, 'media'), ...served]) await chmod(dir, 0o755);
  const secrets = await sharedSecrets(dataDir);
  const { DATABASE_URL: _d, REDIS_URL: _r, ...inherited } = process.env;
  const common: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: o.databaseUrl,
    REDIS_URL: o.redisUrl,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    // Its own queues on a shared Redis: another deployment's jobs (or an earlier cluster's) are not this one's.
    JOBS_PREFIX: `sideline-${new URL(o.databaseUrl).pathname
      .slice(1)
      .replace(/[^a-z0-9_-]/gi, '')
      .toLowerCase()}`,
    ...secrets,
    ...o.env,
  };
  const node = (script: string, env: NodeJS.ProcessEnv, name: string) =>
    spawnTied(process.execPath, ['--enable-source-maps', path.join(API, 'dist', script)], env, name, log);

  log('migrating');
  const migrate = spawnSync(process.execPath, [path.join(API, 'dist/cli/migrate.js')], {
    env: common,
    encoding: 'utf8',
  });
  if (migrate.status !== 0) throw new Error(`migrations failed: ${migrate.stderr}`);

  const apiEnv = (port: number, first: boolean): NodeJS.ProcessEnv => ({
    ...common,
    PORT: String(port),
    JOBS_WORKER: 'false',
    LIVE_ENCODERS: 'elsewhere',
    LIVE_SIMULATOR: 'false',
    // The first API process seeds the demo channels (once, before the others start) and queues their media.
    SEED_DEMO: first ? 'true' : 'false',
  });
  const children: ChildProcess[] = [];
  const apis: Cluster['apis'] = [];
  const apiPort = (i: number) => o.port + 101 + i;
  for (let i = 0; i < o.apiProcesses; i++) {
    const port = apiPort(i);
    const child = node('server.js', apiEnv(port, i === 0), `api-${i + 1}`);
    children.push(child);
    apis.push({ port, child });
    await waitReady(`http://127.0.0.1:${port}`, child, `api-${i + 1}`);
  }
  const workerEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
    ...common,
    PORT: String(o.port + 90),
    JOBS_WORKER: 'true',
    LIVE_SIMULATOR: 'false',
    LIVE_ENCODERS: 'elsewhere',
    ...o.workerEnv,
    ...extra,
  });
  let worker = node('server.js', workerEnv(), 'worker');
  const encoder = node(
    'server.js',
    { ...common, PORT: String(o.port + 91), JOBS_WORKER: 'false', LIVE_SIMULATOR: 'true', LIVE_ENCODERS: 'always' },
    'encoder',
  );
  children.push(worker, encoder);
  await Promise.all([
    waitReady(`http://127.0.0.1:${o.port + 90}`, worker, 'worker'),
    waitReady(`http://127.0.0.1:${o.port + 91}`, encoder, 'encoder'),
  ]);

  const template = await readFile(path.join(ROOT, 'deploy/nginx/nginx.conf.template'), 'utf8');
  const conf = template
    .replaceAll('{{RUN_DIR}}', runDir)
    .replaceAll('{{NJS_DIR}}', path.join(ROOT, 'deploy/nginx'))
    .replaceAll('{{WEB_DIST}}', path.join(ROOT, 'apps/web/dist'))
    .replaceAll('{{MEDIA_DIR}}', path.join(dataDir, 'media'))
    .replaceAll('{{HOST}}', o.host)
    .replaceAll('{{PORT}}', String(o.port))
    .replaceAll('{{MEDIA_LINK_INVALID}}', CATALOGUE.media_link_invalid.replace(/["'\\]/g, ''))
    .replaceAll('{{NOT_FOUND}}', CATALOGUE.not_found.replace(/["'\\]/g, ''))
    .replaceAll(
      '{{UPSTREAMS}}',
      apis.map((a) => `    server 127.0.0.1:${a.port} max_fails=3 fail_timeout=2s;`).join('\n'),
    );
  const confFile = path.join(runDir, 'nginx.conf');
  await writeFile(confFile, conf);
  const nginx = spawnTied(
    '/usr/sbin/nginx',
    ['-c', confFile, '-p', runDir, '-e', path.join(runDir, 'error.log')],
    common,
    'nginx',
    log,
  );
  children.push(nginx);
  const url = `http://localhost:${o.port}`;
  for (let until = Date.now() + 15_000; !(await fetch(`${url}/readyz`).catch(() => null))?.ok; ) {
    if (nginx.exitCode !== null)
      throw new Error(`nginx exited: ${await readFile(path.join(runDir, 'error.log'), 'utf8').catch(() => '')}`);
    if (Date.now() > until) throw new Error('nginx not answering');
    await sleep(200);
  }

  return {
    url,
    apis,
    get worker() {
      return worker;
    },
    encoder,
    nginx,
    async restartApi(i: number) {
      const port = apiPort(i);
      const child = node('server.js', apiEnv(port, false), `api-${i + 1}`);
      children.push(child);
      apis[i] = { port, child };
      await waitReady(`http://127.0.0.1:${port}`, child, `api-${i + 1}`);
    },
    async restartWorker(env = {}) {
      await stopChild(worker);
      worker = node('server.js', workerEnv(env), 'worker');
      children.push(worker);
      await waitReady(`http://127.0.0.1:${o.port + 90}`, worker, 'worker');
    },
    async stop() {
      // The entry point first (no new requests), then the API processes drain, then the worker and encoder.
      await stopChild(nginx);
      await Promise.all(apis.map((a) => stopChild(a.child)));
      await Promise.all([stopChild(worker), stopChild(encoder)]);
      await Promise.all(children.map((c) => stopChild(c)));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      api: { type: 'string', default: '2' },
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '0.0.0.0' },
      data: { type: 'string', default: 'data/cluster' },
      database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/sideline_cluster' },
      redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    },
  });
  const cluster = await startCluster({
    apiProcesses: Math.max(1, Number(values.api)),
    port: Number(values.port),
    host: values.host,
    dataDir: path.resolve(ROOT, values.data),
    databaseUrl: values.database,
    redisUrl: values.redis,
  });
  process.stdout.write(
    `Sideline cluster at ${cluster.url}: nginx, ${cluster.apis.length} API processes, a worker, a live encoder. Ctrl-C stops it.\n`,
  );
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      process.stdout.write('stopping the cluster…\n');
      void cluster.stop().then(() => process.exit(0));
    });
  }
}
