import type { ChannelFile } from '@sideline/contract/channel';
import { ANALYTICS_SESSION_TTL_MS } from '@sideline/contract/constants';
import { storage } from '@/lib/storage';
import { getHash } from './api/get-hash';
import { postEvent } from './api/post-event';
import { postSession, type SessionBody } from './api/post-session';
import { gtagPageView, loadGtag } from './gtag';

// Same values as the contract's analytics file, which is a zod file and stays out of the bundle.
const DEFAULT_BASE = '/analytics';
const PAGE_VIEW = 'page_view';
const PROFILE_KEY = 'analytics-profile';
const SESSION_KEY = 'analytics-session';

function deviceType(ua: string): SessionBody['device_type'] {
  if (/iPad|Tablet/i.test(ua)) return 'tablet';
  if (/Mobi|Android/i.test(ua)) return 'mobile';
  if (/SmartTV|CrKey|\bTV\b/i.test(ua)) return 'tv';
  return 'desktop';
}

function platform(): string {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return (nav.userAgentData?.platform || nav.platform || 'web').slice(0, 64);
}

/**
 * Page views for the channel's analytics collector (`yare-analytics`) and, when the channel has a tag id,
 * Google's tag. The anonymous profile id is kept in storage; a session lasts 24 h. Every failure is silent.
 */
export function createPageTracker(channel: ChannelFile) {
  const key = channel['yare-analytics']['yare-analytics-key'];
  const base = (channel['yare-analytics'].host ?? DEFAULT_BASE).replace(/\/+$/, '');
  const tag = channel['google-analytics']['google-tag'];
  if (tag) loadGtag(tag);

  let opening: Promise<string | null> | null = null;

  async function openSession(collectorKey: string): Promise<string | null> {
    let profile = storage.get(PROFILE_KEY);
    if (!profile) {
      profile = await getHash(base, collectorKey);
      if (profile) storage.set(PROFILE_KEY, profile);
    }
    const session = crypto.randomUUID();
    const ok = await postSession(base, {
      key: collectorKey,
      profile,
      session,
      device_type: deviceType(navigator.userAgent),
      user_agent: navigator.userAgent.slice(0, 512),
      resolution: `${Math.round(screen.width)}x${Math.round(screen.height)}`,
      platform: platform(),
    });
    if (ok) storage.setJson(SESSION_KEY, session, ANALYTICS_SESSION_TTL_MS);
    return ok ? session : null;
  }

  /** The open session, or a new one; page views arriving meanwhile wait for the same one. */
  function session(collectorKey: string): Promise<string | null> {
    const stored = storage.getJson<string>(SESSION_KEY);
    if (stored) return Promise.resolve(stored);
    opening ??= openSession(collectorKey).finally(() => {
      opening = null;
    });
    return opening;
  }

  return {
    async pageView(page: string, previousPage: string | null, trk: string | null) {
      if (tag) gtagPageView(page, previousPage);
      if (!key) return;
      const id = await session(key);
      if (!id) return;
      await postEvent(base, {
        key,
        session: id,
        name: PAGE_VIEW,
        page,
        previous_page: previousPage,
        ...(trk ? { properties: { trk } } : {}),
      });
    },
  };
}
