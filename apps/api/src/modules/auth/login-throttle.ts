/** One login attempt: the account asked for (channel and e-mail) and the address it came from. */
export type LoginAttempt = { account: string; address: string };

type Options = {
  /** Failures of one account from one address before that pair is refused. */
  maxFailures: number;
  windowMs: number;
  /** Failures from one address, whatever the accounts, before the address is refused. */
  maxFailuresPerAddress?: number;
  /** First delay once an account has `maxFailures` failures from anywhere; it doubles with each further one. */
  slowdownMs?: number;
  maxSlowdownMs?: number;
};

const MAX_KEYS = 100_000;

/** Failure times per key in a sliding window, the oldest keys dropped past a bound. */
function failureLog(windowMs: number) {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => (failures.get(key) ?? []).filter((t) => now - t < windowMs);
  return {
    count: (key: string, now: number) => recent(key, now).length,
    add(key: string, now: number) {
      const list = recent(key, now);
      list.push(now);
      failures.delete(key);
      failures.set(key, list);
      if (failures.size > MAX_KEYS) failures.delete(failures.keys().next().value as string);
    },
    clear(key: string) {
      failures.delete(key);
    },
  };
}

/**
 * Failed logins, counted the OWASP way (as rate-limiter-flexible's "login endpoint protection" does): an account
 * and address pair is refused after `maxFailures`, an address after a larger number across accounts; an account
 * alone is only slowed down, so a stranger guessing elsewhere never locks its owner out. In-process: with several
 * API processes each keeps its own counts, which still bounds guessing to the limits times the processes.
 */
export function createLoginThrottle({
  maxFailures,
  windowMs,
  maxFailuresPerAddress = maxFailures * 4,
  slowdownMs = 200,
  maxSlowdownMs = 3_000,
}: Options) {
  const byPair = failureLog(windowMs);
  const byAddress = failureLog(windowMs);
  const byAccount = failureLog(windowMs);
  const pair = ({ account, address }: LoginAttempt) => `${address} ${account}`;
  return {
    /** Whether to refuse the attempt, or else how long to hold it before checking the password. */
    check(attempt: LoginAttempt, now = Date.now()): { blocked: boolean; delayMs: number } {
      const blocked =
        byPair.count(pair(attempt), now) >= maxFailures ||
        byAddress.count(attempt.address, now) >= maxFailuresPerAddress;
      const excess = byAccount.count(attempt.account, now) - maxFailures;
      const delayMs = blocked || excess < 0 ? 0 : Math.min(maxSlowdownMs, slowdownMs * 2 ** excess);
      return { blocked, delayMs };
    },
    fail(attempt: LoginAttempt, now = Date.now()) {
      byPair.add(pair(attempt), now);
      byAddress.add(attempt.address, now);
      byAccount.add(attempt.account, now);
    },
    /**
     * Only the pair starts afresh: one account of one's own must not reset an address's count, and the owner's
     * sign-in must not give a guesser elsewhere a fresh run at full speed.
     */
    succeed(attempt: LoginAttempt) {
      byPair.clear(pair(attempt));
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
