import { channelFile } from '@/config/channel';
import { analyticsEnabled } from '@/features/analytics/enabled';
import { outerTracking } from '@/lib/outer-tracking';
import type { PageViewListener } from './navigation-tracking';

/**
 * Page views for the channel's analytics. The tracker's code loads only where analytics run (not on local
 * hosts unless switched on), so the first page never waits for it; its failures are silent.
 */
export function pageViewSender(): PageViewListener {
  if (!analyticsEnabled()) return () => undefined;
  const tracker = import('@/features/analytics/page-tracker').then((m) => m.createPageTracker(channelFile()));
  return (page, previousPage) => {
    tracker.then((t) => t.pageView(page, previousPage, outerTracking())).catch(() => undefined);
  };
}
