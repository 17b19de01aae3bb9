import type { ChannelFile } from '@sideline/contract/channel';
import { storage } from '@/lib/storage';
import { postJson } from './api/post-json';

// The page tracker's storage key of the open 24 h session (it opens one on the first page view).
const SESSION_KEY = 'analytics-session';
const DEFAULT_BASE = '/analytics';

export type VideoProperties = Record<string, string | number | boolean | null>;
/** What a viewing-time beat says about the game, for the channel's reports. */
export type ViewingContext = {
  category: string | null;
  sport: string | null;
  gender: string | null;
  school: string | null;
  league: string | null;
};

/**
 * Video events and viewing-time beats for the channel's collector (`POST {base}/video-events`,
 * `{base}/viewing-time`), in the session the page views opened. Without a collector key or an open session
 * nothing is sent; every failure is silent, like the page views'.
 */
export function createVideoTracker(channel: ChannelFile) {
  const key = channel['yare-analytics']['yare-analytics-key'];
  const base = (channel['yare-analytics'].host ?? DEFAULT_BASE).replace(/\/+$/, '');
  const session = () => storage.getJson<string>(SESSION_KEY);

  return {
    videoEvent(eventId: number, name: string, position: number, properties?: VideoProperties) {
      const id = session();
      if (!key || !id) return;
      void postJson(`${base}/video-events`, {
        key,
        session: id,
        event_id: eventId,
        name,
        position: Math.round(position * 10) / 10,
        ...(properties ? { properties } : {}),
        ts: Date.now(),
      });
    },
    viewingTime(eventId: number, seconds: number, context: ViewingContext) {
      const id = session();
      if (!key || !id || seconds <= 0) return;
      void postJson(`${base}/viewing-time`, {
        key,
        session: id,
        event_id: eventId,
        viewing_time: Math.min(3600, Math.round(seconds)),
        ...context,
      });
    },
  };
}
export type VideoTracker = ReturnType<typeof createVideoTracker>;
