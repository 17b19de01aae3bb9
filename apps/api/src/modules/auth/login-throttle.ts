import { createHash, randomBytes } from 'node:crypto';
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

/** Failure times per key within a sliding window. */
export type FailureLog = {
  count(key: string, now: number): Promise<number>;
  add(key: string, now: number): Promise<void>;
  clear(key: string): Promise<void>;
};
/** Makes the log of one kind of key (pair, address, account) for a window. */
export type FailureStore = (kind: string, windowMs: number) => FailureLog;

/** In this process's memory: one machine. The oldest keys are dropped past a bound. */
export const memoryFailures: FailureStore = (_kind, windowMs) => {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => (failures.get(key) ?? []).filter((t) => now - t < windowMs);
  return {
    async count(key, now) {
      return recent(key, now).length;
    },
    async add(key, now) {
      const list = recent(key, now);
      list.push(now);
      failures.delete(key);
      failures.set(key, list);
      if (failures.size > MAX_KEYS) failures.delete(failures.keys().next().value as string);
    },
    async clear(key) {
      failures.delete(key);
    },
  };
};

type RedisLike = Pick<import('ioredis').Redis, 'multi' | 'del'>;

/**
 * In Redis, shared by every API process: one sorted set of failure times per key, trimmed to the window and expiring
 * with it. Keys are hashed, so no e-mail or address is stored in Redis. Redis away: the attempt is let through (and
 * logged), as the rate limits do; the password check still stands.
 */
export function redisFailures(
  redis: RedisLike,
  prefix: string,
  onError: (err: unknown) => void = () => {},
): FailureStore {
  return (kind, windowMs) => {
    const keyOf = (key: string) => `${prefix}:login:${kind}:${createHash('sha256').update(key).digest('base64url')}`;
    return {
      async count(key, now) {
        try {
          const result = await redis
            .multi()
            .zremrangebyscore(keyOf(key), 0, now - windowMs)
            .zcard(keyOf(key))
            .exec();
          return Number(result?.[1]?.[1] ?? 0);
        } catch (err) {
          onError(err);
          return 0;
        }
      },
      async add(key, now) {
        try {
          await redis
            .multi()
            .zadd(keyOf(key), now, `${now}:${randomBytes(6).toString('base64url')}`)
            .zremrangebyscore(keyOf(key), 0, now - windowMs)
            .pexpire(keyOf(key), windowMs)
            .exec();
        } catch (err) {
          onError(err);
        }
      },
      async clear(key) {
        await redis.del(keyOf(key)).catch(onError);
      },
    };
  };
}

/**
 * Failed logins, counted the OWASP way (as rate-limiter-flexible's "login endpoint protection" does): an account
 * and address pair is refused after `maxFailures`, an address after a larger number across accounts; an account
 * alone is only slowed down, so a stranger guessing elsewhere never locks its owner out. In this process's memory by
 * default; with Redis (`redisFailures`) every API process counts together.
 */
export function createLoginThrottle({
  maxFailures,
  windowMs,
  maxFailuresPerAddress = maxFailures * 4,
  slowdownMs = 200,
  maxSlowdownMs = 3_000,
  store = memoryFailures,
}: Options & { store?: FailureStore }) {
  const byPair = store('pair', windowMs);
  const byAddress = store('address', windowMs);
  const byAccount = store('account', windowMs);
  const pair = ({ account, address }: LoginAttempt) => `${address} ${account}`;
  return {
    /** Whether to refuse the attempt, or else how long to hold it before checking the password. */
    async check(attempt: LoginAttempt, now = Date.now()): Promise<{ blocked: boolean; delayMs: number }> {
      const [pairs, addresses, accounts] = await Promise.all([
        byPair.count(pair(attempt), now),
        byAddress.count(attempt.address, now),
        byAccount.count(attempt.account, now),
      ]);
      const blocked = pairs >= maxFailures || addresses >= maxFailuresPerAddress;
      const excess = accounts - maxFailures;
      const delayMs = blocked || excess < 0 ? 0 : Math.min(maxSlowdownMs, slowdownMs * 2 ** excess);
      return { blocked, delayMs };
    },
    async fail(attempt: LoginAttempt, now = Date.now()) {
      await Promise.all([
        byPair.add(pair(attempt), now),
        byAddress.add(attempt.address, now),
        byAccount.add(attempt.account, now),
      ]);
    },
    /**
     * Only the pair starts afresh: one account of one's own must not reset an address's count, and the owner's
     * sign-in must not give a guesser elsewhere a fresh run at full speed.
     */
    async succeed(attempt: LoginAttempt) {
      await byPair.clear(pair(attempt));
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
