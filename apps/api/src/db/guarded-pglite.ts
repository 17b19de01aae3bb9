import { AsyncLocalStorage } from 'node:async_hooks';
import { accessSync, constants, statfsSync } from 'node:fs';
import { open, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { isFatalFault, isStorageFault, storageUnavailable } from './storage-errors';

/** Room PGlite needs to start a new write-ahead log segment (16 MB) with some margin. */
const MIN_FREE_BYTES = 32 * 1024 * 1024;

type Log = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
type QueryArgs = Parameters<PGlite['query']>;

export type StorageHealth = { ok: boolean; since?: Date; reason?: string };

/**
 * PGlite behind a guard, because a failed disk write leaves it unusable: after a PANIC (write-ahead log not
 * written) the next call spins forever on the event loop and takes every request, health checks included, with it.
 * Worse, a COMMIT whose log write fails never returns at all. So each call first checks, with two cheap system
 * calls, that the log folder takes writes and the disk has room; a failure there or a storage error from PGlite
 * marks storage as failing, and from then on every call answers 503 at once without touching PGlite, while a probe
 * checks the folder; once it takes writes again (after a PANIC: on a fresh PGlite, which recovers from its log like
 * after a crash) calls go through again.
 */
export function createGuardedPglite({
  dir,
  openPglite,
  log,
  probeMs = 1_000,
}: {
  dir: string | undefined;
  openPglite: () => Promise<PGlite>;
  log?: Log;
  probeMs?: number;
}) {
  let current: PGlite | undefined;
  let failing: { since: Date; reason: string; fatal: boolean } | undefined;
  let probe: NodeJS.Timeout | undefined;
  let closed = false;
  // PGlite runs one statement at a time anyway; queueing here too means nothing waits inside a broken instance.
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => {});
    return run;
  };

  /** Throws the error a write would meet (EPERM, EROFS, ENOSPC) before PGlite meets it inside a commit. */
  function precheck() {
    if (!dir) return;
    accessSync(path.join(dir, 'pg_wal'), constants.W_OK);
    const fs = statfsSync(dir);
    if (fs.bavail * fs.bsize < MIN_FREE_BYTES) {
      throw Object.assign(new Error('No space left for the database'), { code: 'ENOSPC' });
    }
  }

  function noteFault(err: unknown): unknown {
    if (!isStorageFault(err)) return err;
    if (!failing) {
      failing = { since: new Date(), reason: String((err as Error).message ?? err), fatal: isFatalFault(err) };
      log?.error({ err }, 'storage failing: database calls answer 503 until it works again');
      probe = setInterval(() => void recover(), probeMs);
      probe.unref();
    } else if (isFatalFault(err)) failing.fatal = true;
    return storageUnavailable();
  }

  async function folderWritable(): Promise<boolean> {
    if (!dir) return true;
    const file = path.join(dir, '.storage-probe');
    try {
      const handle = await open(file, 'w');
      try {
        await handle.writeFile('probe');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rm(file, { force: true });
      // A fresh instance replays and writes the log at once: a log file still refusing writes would hang it.
      const wal = path.join(dir, 'pg_wal');
      for (const name of await readdir(wal)) {
        if (/^[0-9A-F]{24}$/.test(name)) accessSync(path.join(wal, name), constants.W_OK);
      }
      accessSync(path.join(dir, 'global', 'pg_control'), constants.W_OK);
      return true;
    } catch {
      return false;
    }
  }

  let recovering = false;
  async function recover() {
    if (!failing || recovering || closed) return;
    recovering = true;
    try {
      if (!(await folderWritable())) return;
      precheck();
      await exclusive(async () => {
        if (!failing) return;
        if (failing.fatal) {
          // The old instance cannot even be closed (any call into it spins); it is left for the collector.
          const fresh = await openPglite();
          await fresh.query('select 1');
          current = fresh;
        }
        log?.info({ since: failing.since }, 'storage works again');
        failing = undefined;
        clearInterval(probe);
      });
    } catch (err) {
      log?.error({ err }, 'storage still failing');
    } finally {
      recovering = false;
    }
  }

  // A plain call made from inside a transaction joins it, as it does on PGlite itself, instead of queueing behind
  // the transaction that waits for it. Work started there (a timer, a job) may outlive it: only an open one is joined.
  const openTransaction = new AsyncLocalStorage<{ pg: PGlite; open: boolean }>();
  const call = <T>(fn: (pg: PGlite) => Promise<T>): Promise<T> => {
    const joined = openTransaction.getStore();
    if (joined?.open) return inTransaction(joined.pg, () => fn(joined.pg));
    return queued(fn);
  };
  const queued = <T>(fn: (pg: PGlite) => Promise<T>): Promise<T> =>
    exclusive(async () => {
      if (failing || !current) throw storageUnavailable();
      try {
        precheck();
        return await fn(current);
      } catch (err) {
        throw noteFault(err);
      }
    });

  /** Inside a transaction the queue is already held: calls go straight to the instance, still guarded. */
  const inTransaction = async <T>(pg: PGlite, fn: () => Promise<T>): Promise<T> => {
    if (failing || current !== pg) throw storageUnavailable();
    try {
      precheck();
      return await fn();
    } catch (err) {
      throw noteFault(err);
    }
  };

  /**
   * The client drizzle drives. Transactions are BEGIN/COMMIT here rather than PGlite's own, whose ROLLBACK after a
   * PANIC would be the very call that hangs.
   */
  const client = {
    query: (...args: QueryArgs) => call((pg) => pg.query(...args)),
    exec: (...args: Parameters<PGlite['exec']>) => call((pg) => pg.exec(...args)),
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) =>
      queued(async (pg) => {
        await pg.query('BEGIN');
        let done = false;
        const tx = {
          query: (...args: QueryArgs) => inTransaction(pg, () => pg.query(...args)),
          exec: (...args: Parameters<PGlite['exec']>) => inTransaction(pg, () => pg.exec(...args)),
          sql: () => Promise.reject(new Error('tagged queries are not used')),
          rollback: async () => {
            await inTransaction(pg, () => pg.query('ROLLBACK'));
            done = true;
          },
          listen: () => Promise.reject(new Error('listen is not used')),
          get closed() {
            return done;
          },
        } as unknown as Transaction;
        try {
          const context = { pg, open: true };
          const result = await openTransaction
            .run(context, () => fn(tx))
            .finally(() => {
              context.open = false;
            });
          if (!done) await inTransaction(pg, () => pg.query('COMMIT'));
          done = true;
          return result;
        } catch (err) {
          // Nothing to flush for a rollback, so it is safe even when the commit's precheck failed.
          if (!done && !failing?.fatal) await pg.query('ROLLBACK').catch(() => {});
          done = true;
          throw err;
        }
      }),
  };

  return {
    client,
    async start() {
      current = await openPglite();
    },
    health(): StorageHealth {
      return failing ? { ok: false, since: failing.since, reason: failing.reason } : { ok: true };
    },
    /** The instance itself, for what only PGlite has (dumps); undefined while storage fails. */
    instance: () => (failing ? undefined : current),
    async close() {
      closed = true;
      clearInterval(probe);
      // A broken instance would hang on close; it holds nothing the operating system does not free at exit.
      if (!failing) await exclusive(async () => current?.close());
    },
  };
}
