import type { Event, Participant } from '@sideline/contract/events';
import { fromCents } from '../../lib/money';
import { hasAccess, type Viewer } from '../access';
import type { EventRow } from './events.repository';

/** An event as a client sees it: teams away first then home, times in Unix seconds, prices in major units. */
export function toEvent(row: EventRow, teams: ReadonlyMap<number, Participant>, viewer: Viewer): Event {
  const away = row.awayTeamId === null ? undefined : teams.get(row.awayTeamId);
  const home = row.homeTeamId === null ? undefined : teams.get(row.homeTeamId);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.accessType,
    participants: [away, home].filter((p): p is Participant => p !== undefined),
    home_team_id: row.homeTeamId,
    event_utc_ts: Math.floor(row.startsAt.getTime() / 1000),
    end_utc_ts: row.endsAt ? Math.floor(row.endsAt.getTime() / 1000) : null,
    time_zone: row.timeZone,
    stream_status: row.streamStatus,
    location_id: row.locationId,
    event_category_id: row.eventCategoryId,
    gender: row.gender,
    poster: row.poster ?? home?.images.banner ?? null,
    base_price: fromCents(row.basePriceCents),
    service_fee: fromCents(row.serviceFeeCents),
    has_access: hasAccess(row, viewer),
  };
}
