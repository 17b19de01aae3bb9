import type { Event } from '@sideline/contract/events';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { channelFile } from '@/config/channel';
import { analyticsEnabled } from '@/features/analytics/enabled';
import { createVideoTracker, type ViewingContext } from '@/features/analytics/video-tracker';
import { eventCategoriesQueryOptions } from '@/features/events/api/get-event-categories';
import { participantGroupsQueryOptions } from '@/features/events/api/get-participant-groups';
import type { PlayerAnalytics } from '@/features/player/types';

/** What the channel's reports group viewing time by: the sport, the home school and its conference. */
function useViewingContext(event: Event | null | undefined, enabled: boolean): ViewingContext {
  // Only where analytics run: elsewhere these would compete with the stream's first requests for nothing.
  const { data: categories } = useQuery({ ...eventCategoriesQueryOptions(), enabled });
  const { data: schools } = useQuery({ ...participantGroupsQueryOptions(), enabled });
  return useMemo(() => {
    const home = event?.participants.find((p) => p.id === event.home_team_id) ?? event?.participants[1];
    const school = schools?.find((s) => s.id === home?.participant_group_id);
    return {
      category: categories?.find((c) => c.id === event?.event_category_id)?.name ?? null,
      sport: home?.properties.sport ?? null,
      gender: event?.gender ?? null,
      school: school?.name ?? null,
      league: school?.properties.conference ?? null,
    };
  }, [event, categories, schools]);
}

/**
 * The player's analytics for a game: video events and viewing-time beats to the channel's collector, where
 * analytics run (not on local hosts unless switched on for tests). The player knows nothing of events or sessions.
 */
export function useWatchAnalytics(eventId: number, event: Event | null | undefined): PlayerAnalytics | undefined {
  const enabled = useMemo(() => analyticsEnabled(), []);
  const context = useViewingContext(event, enabled);
  return useMemo(() => {
    if (!enabled) return undefined;
    const tracker = createVideoTracker(channelFile());
    return {
      videoEvent: (name, position, properties) => tracker.videoEvent(eventId, name, position, properties),
      viewingTime: (seconds) => tracker.viewingTime(eventId, seconds, context),
    };
  }, [eventId, context, enabled]);
}
