import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Cluster, startCluster } from '../../../../deploy/cluster/cluster';
import { databaseUrl, withAdmin } from './databases';
import { QUICK_CLUSTER_ENV } from './system-suite';

export type Json = { data: Record<string, unknown> & Record<string, unknown>[] };
export type ClusterCall = (
  method: string,
  url: string,
  body?: object,
  headers?: Record<string, string>,
) => Promise<{ status: number; headers: Headers; json: Json }>;

/** What a cluster suite's tests read: the running cluster, its database and jobs prefix, a premium fan's key. */
export type ClusterSuite = {
  cluster: Cluster;
  dataDir: string;
  /** The premium demo fan's key, signed in through nginx. */
  key: string;
  admin: string;
  name: string;
  redisUrl: string;
  jobsPrefix: string;
  /** A call through nginx, as a browser makes it. */
  call: ClusterCall;
  /** The worker's JSON log lines so far (a job's request id, a clip made once). */
  workerLog: () => { msg?: string; job?: string; reqId?: string; clip?: number }[];
};

/**
 * `npm run cluster` on this machine for the suite it is called in, on a database of its own: nginx in front of two
 * API processes, a job worker and a live encoder on PostgreSQL and Redis. Started before the suite's first test,
 * stopped (database dropped) after its last; its fields are read in tests.
 */
export function clusterSuite(): ClusterSuite {
  const workerLines: string[] = [];
  const suite: ClusterSuite = {
    cluster: undefined as unknown as Cluster,
    dataDir: '',
    key: '',
    admin: inject('postgresAdminUrl'),
    name: `sideline_cluster_${randomBytes(4).toString('hex')}`,
    redisUrl: 'redis://127.0.0.1:6379',
    jobsPrefix: `cluster-${randomBytes(3).toString('hex')}`,
    call: async (method, url, body, headers = {}) => {
      const res = await fetch(`${suite.cluster.url}${url}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, headers: res.headers, json: (await res.json().catch(() => null)) as Json };
    },
    workerLog: () =>
      workerLines.flatMap((l) => {
        try {
          return [JSON.parse(l)];
        } catch {
          return [];
        }
      }),
  };

  beforeAll(async () => {
    suite.dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-cluster-'));
    await withAdmin(suite.admin, (sql) => sql.unsafe(`CREATE DATABASE "${suite.name}"`));
    suite.cluster = await startCluster({
      apiProcesses: 2,
      port: 18_300 + Math.floor(Math.random() * 500),
      host: '127.0.0.1',
      dataDir: suite.dataDir,
      databaseUrl: databaseUrl(suite.admin, suite.name),
      redisUrl: suite.redisUrl,
      env: {
        ...QUICK_CLUSTER_ENV,
        JOBS_PREFIX: suite.jobsPrefix,
        RATE_LIMIT_MAX: '100000',
        LIVE_MAX_ENCODERS: '2',
      },
      workerEnv: { LOG_LEVEL: 'info' },
      log: (line) => {
        if (line.startsWith('[worker]')) workerLines.push(line.slice('[worker] '.length));
      },
    });
    const guest = (await suite.call('POST', '/api/get_api_key', { channel_key: 'hcn_demo_channel_key_localhost' })).json
      .data.api_key as string;
    suite.key = (
      await suite.call('POST', '/api/v2/auth/login', {
        email: 'premium@sideline.test',
        password: 'Sideline-demo-1',
        api_key: guest,
      })
    ).json.data.api_key as string;
  }, 240_000);

  afterAll(async () => {
    await suite.cluster?.stop();
    await withAdmin(suite.admin, (sql) => sql.unsafe(`DROP DATABASE IF EXISTS "${suite.name}" WITH (FORCE)`));
    await rm(suite.dataDir, { recursive: true, force: true });
  }, 60_000);

  return suite;
}
