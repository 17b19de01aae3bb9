import { newFan } from './fans';

/** Fans calling a running server without pause, each call recorded as the client saw it. */

export type Sample = {
  kind: 'read' | 'favorite' | 'signup';
  /** HTTP status; 0 when the call got no answer (reset, refused, or no answer within the client's patience). */
  status: number;
  /** When the call was sent and when its answer arrived (ms since the epoch). */
  sent: number;
  answered: number;
  body: unknown;
  /** What an acknowledged write wrote: the event followed, or the e-mail signed up. */
  wrote?: number | string;
};

export type FanLoad = { samples: Sample[]; stop(): Promise<Sample[]> };

/** A client gives up after this long: longer than any answer the API may take while its database is away. */
const PATIENCE_MS = 15_000;

/**
 * `workers` loops, each taking turns at the three calls a fan's page view and actions make: the event list, following
 * an event (a write for a signed-in fan) and signing up (a write for a guest). Small pauses keep the machine usable.
 */
export function startFanLoad(opts: {
  url: string;
  guestKey: string;
  fanKey: string;
  eventIds: number[];
  workers: number;
  tag: string;
}): FanLoad {
  const samples: Sample[] = [];
  let running = true;
  let n = 0;

  const call = async (kind: Sample['kind'], route: string, body?: object, wrote?: number | string): Promise<void> => {
    const sent = Date.now();
    let status = 0;
    let answer: unknown = null;
    try {
      const res = await fetch(`${opts.url}${route}`, {
        method: body ? 'POST' : 'GET',
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(PATIENCE_MS),
      });
      status = res.status;
      answer = await res.json().catch(() => null);
    } catch (err) {
      answer = String(err);
    }
    samples.push({ kind, status, sent, answered: Date.now(), body: answer, ...(wrote !== undefined ? { wrote } : {}) });
  };

  const worker = async () => {
    while (running) {
      const i = n++;
      if (i % 3 === 0) await call('read', `/api/events?limit=20&api_key=${encodeURIComponent(opts.guestKey)}`);
      else if (i % 3 === 1) {
        const eventId = opts.eventIds[i % opts.eventIds.length] as number;
        await call(
          'favorite',
          '/api/favorite',
          { api_key: opts.fanKey, favoritable_type: 'favorite_event', favoritable_id: eventId },
          eventId,
        );
      } else {
        const email = `${opts.tag}-${i}@example.org`;
        await call(
          'signup',
          '/api/v2/auth/register',
          {
            api_key: opts.guestKey,
            ...newFan(email),
          },
          email,
        );
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const loops = Array.from({ length: opts.workers }, worker);
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(loops);
      return samples;
    },
  };
}
