import { EventsListing } from '@/features/events/components/events-listing';
import type { ListingKind } from '@/features/events/utils/schedule-filters';
import { useRenderFavorite } from './favorite-slot';

function Listing({ kind }: { kind: ListingKind }) {
  return <EventsListing kind={kind} renderFavorite={useRenderFavorite()} />;
}

/*
 * The events listing and its aliases, one chunk: /upcoming (upcoming games), /live, /vod (finished, on demand,
 * newest first) and /schedule (live games first, then upcoming: the whole schedule from now on).
 */
export const UpcomingView = () => <Listing kind="upcoming" />;
export const LiveView = () => <Listing kind="live" />;
export const VodView = () => <Listing kind="vod" />;
export const ScheduleView = () => <Listing kind="schedule" />;
