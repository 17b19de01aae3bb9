import { randomUUID } from 'node:crypto';

/**
 * Tells the other API processes that something they may hold in memory changed (a cache prefix, a revoked key).
 * One process alone needs nothing: `localCacheBus`. With Redis, a pub/sub channel carries the word to every process,
 * so a sign-out or a purchase on one process shows on the others at once instead of after a cache lifetime.
 * Delivery is best effort by design: a lost message costs at most one cache lifetime, which every cache keeps short.
 */
export type CacheBus = {
  /**
   * Sent to every other process; the sender acts on its own copy itself. Resolves once Redis took the word (or it
   * was dropped): a short-lived process (a CLI) awaits it before it exits. Never rejects.
   */
  publish(topic: string, key: string): Promise<void>;
  subscribe(topic: string, onMessage: (key: string) => void): void;
  close(): Promise<void>;
};

export const localCacheBus = (): CacheBus => ({
  async publish() {},
  subscribe() {},
  async close() {},
});

type Log = { warn(obj: object, msg: string): void };

export async function redisCacheBus({
  redisUrl,
  channel,
  log,
}: {
  redisUrl: string;
  /** One channel per deployment (the jobs prefix), so test runs and channels of other deployments do not mix. */
  channel: string;
  log: Log;
}): Promise<CacheBus> {
  const { Redis } = await import('ioredis');
  const origin = randomUUID();
  // Publishing never waits for a Redis that is away: the word is dropped and the caches' lifetimes cover it.
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  // A subscribed connection can issue nothing else; ioredis subscribes again by itself after a reconnect.
  const sub = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  let warned = false;
  const onError = (err: Error) => {
    if (warned) return;
    warned = true;
    log.warn({ err: err.message }, 'cache bus unavailable: other processes see changes after their cache lifetime');
  };
  pub.on('error', onError);
  sub.on('error', onError);
  pub.on('ready', () => {
    warned = false;
  });
  const listeners = new Map<string, ((key: string) => void)[]>();
  sub.on('message', (_channel: string, raw: string) => {
    let message: { origin?: unknown; topic?: unknown; key?: unknown };
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (message.origin === origin || typeof message.topic !== 'string' || typeof message.key !== 'string') return;
    for (const listener of listeners.get(message.topic) ?? []) listener(message.key);
  });
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(channel);

  // A command's process closes right after its change: what it said must leave before the connection goes.
  const inFlight = new Set<Promise<unknown>>();
  return {
    async publish(topic, key) {
      const sent = pub.publish(channel, JSON.stringify({ origin, topic, key })).catch(onError);
      inFlight.add(sent);
      await sent.finally(() => inFlight.delete(sent));
    },
    subscribe(topic, onMessage) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), onMessage]);
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      pub.disconnect();
      sub.disconnect();
    },
  };
}
