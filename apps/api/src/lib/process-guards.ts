/**
 * What the server does with a promise rejection nobody handles. Node's own answer is to crash, and that stays the
 * rule: an unawaited rejection is a defect, and a process that carries on after one may hold half-done work. One
 * case is known and harmless, and only that one is let through (docs/decisions/0012, "a rejection nobody waits for").
 */

type RejectionLog = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

type DriverError = Error & { code?: unknown; errno?: unknown; cause?: unknown };

/**
 * When PostgreSQL goes away under load, postgres.js 3.4.9 can reject a query nobody awaits any more: the request or
 * job that sent it already failed with a 503 or a retry. Seen in the PostgreSQL restart test, where it shut the
 * whole process down in the middle of the outage that the API was answering and recovering from. That rejection is
 * the driver's own connection error, exactly as its `Errors.connection` builds it: code and errno CONNECTION_CLOSED,
 * message "write CONNECTION_CLOSED host:port", and nothing wrapping it (a rejection drizzle wrapped, or any other
 * code, comes from our own code not awaiting a promise: a defect, not this case).
 */
export function isKnownHarmlessRejection(reason: unknown): boolean {
  if (!(reason instanceof Error)) return false;
  const e = reason as DriverError;
  return (
    e.code === 'CONNECTION_CLOSED' &&
    e.errno === 'CONNECTION_CLOSED' &&
    e.cause === undefined &&
    e.message.startsWith('write CONNECTION_CLOSED ')
  );
}

/**
 * Lets the known-harmless rejection through with a warning; any other is logged and raised again as an uncaught
 * exception, which is what Node does when no one listens: close-with-grace (server.ts) then closes the server and
 * exits with code 1, and without it Node prints the error and exits with code 1. Returns the uninstaller.
 */
export function guardUnhandledRejections(log: RejectionLog): () => void {
  const onRejection = (reason: unknown) => {
    if (isKnownHarmlessRejection(reason)) {
      log.warn({ err: reason }, 'a database call failed after its caller had gone (the database is away)');
      return;
    }
    log.error({ err: reason }, 'an unhandled promise rejection (a defect): the process stops');
    // Wrapped when it is not an Error: close-with-grace exits with code 0 for an error that is falsy.
    const err = reason instanceof Error ? reason : new Error(`unhandled rejection: ${String(reason)}`);
    process.nextTick(() => {
      throw err;
    });
  };
  process.on('unhandledRejection', onRejection);
  return () => process.off('unhandledRejection', onRejection);
}
