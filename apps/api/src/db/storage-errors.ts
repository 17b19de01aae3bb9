import { AppError } from '../lib/app-error';

/** Node and PostgreSQL I/O failures: the disk refuses writes, is full, or is gone. */
const IO_MESSAGE =
  /could not (write|extend|fsync|create|open|read|rename|truncate|link)|No space left|Operation not permitted|Input\/output error|Read-only file system/i;
const IO_CODES = new Set(['EIO', 'EPERM', 'EACCES', 'ENOSPC', 'EROFS', 'EDQUOT']);

/** The database server went away or cannot be reached (postgres.js codes and SQLSTATE classes 08, 57P). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01',
  '57P02',
  '57P03',
  '53100',
  '53300',
  '58030',
]);

type MaybeDbError = { code?: unknown; message?: unknown; severity?: unknown; cause?: unknown };

/** True for a failure of the storage under the database rather than of the query itself. */
export function isStorageFault(err: unknown): boolean {
  const e = err as MaybeDbError | null;
  if (!e || typeof e !== 'object') return false;
  // drizzle's wrapper quotes the query and its parameters: only its cause speaks for the database.
  if ('query' in e && 'params' in e) return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (e.severity === 'PANIC' || e.severity === 'FATAL') return true;
  if (IO_CODES.has(code) || CONNECTION_CODES.has(code) || code.startsWith('08')) return true;
  return typeof e.message === 'string' && IO_MESSAGE.test(e.message) && code !== '23505';
}

/** After a PANIC (a failed write-ahead log write) PGlite spins forever on the next call: that instance is done. */
export const isFatalFault = (err: unknown) => {
  const severity = (err as MaybeDbError | null)?.severity;
  return severity === 'PANIC' || severity === 'FATAL';
};

export const storageUnavailable = () => new AppError({ status: 503, code: 'service_unavailable' });

/** The 503 a storage fault becomes, however deep in the stack it was thrown (drizzle wraps driver errors). */
export function asStorageError(err: unknown): AppError | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as MaybeDbError).cause, depth++) {
    if (e instanceof AppError) return e.status === 503 ? e : undefined;
    if (isStorageFault(e)) return storageUnavailable();
  }
  return undefined;
}

/**
 * True when `err` (or what it wraps) is the database connection going away: refused, reset, closed, or the server
 * shutting down or starting. Used to wait for a database that is starting (open-app-database.ts), not for disk faults.
 */
export function isConnectionLoss(err: unknown): boolean {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as MaybeDbError).cause, depth++
  ) {
    const code = (e as MaybeDbError).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  }
  return false;
}

/**
 * True when a unique index refused the write (SQLSTATE 23505), on PostgreSQL and PGlite, bare or wrapped by drizzle:
 * two writers that both passed the check before either committed.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as MaybeDbError | null, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as MaybeDbError | null;
  }
  return false;
}
