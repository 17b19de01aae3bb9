import type { Event } from '@sideline/contract/events';
import { inject } from 'vitest';

/** The English demo channel's key, as its channel file gives it to the app. */
const CHANNEL_KEY = 'hcn_demo_channel_key_localhost';

/**
 * A guest key of the English demo channel on the server at `baseUrl` (the shared one unless a test runs its own),
 * for looking the catalogue up from the test itself.
 */
export async function guestKey(baseUrl = inject('baseUrl')): Promise<string> {
  const res = await fetch(`${baseUrl}/api/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: CHANNEL_KEY }),
  });
  return ((await res.json()) as { data: { api_key: string } }).data.api_key;
}

/** The English channel's games with this stream status (up to 100), as a guest sees them. */
export async function demoEvents(
  status: 'finished' | 'live' | 'upcoming' = 'finished',
  baseUrl = inject('baseUrl'),
): Promise<Event[]> {
  const key = encodeURIComponent(await guestKey(baseUrl));
  const res = await fetch(`${baseUrl}/api/events?stream_status=${status}&limit=100&api_key=${key}`);
  return ((await res.json()) as { data: Event[] }).data;
}
