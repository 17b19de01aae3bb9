import type { StreamStatus } from './enums';

/**
 * The listings of games (/upcoming, /live, /vod, /schedule) as both sides know them: the web app asks for a
 * listing's first page, and the server carries a guest's answer to that same address in the listing's page
 * (apps/api/src/plugins/web.ts), so the address is built here once.
 */
export const LISTING_KINDS = ['upcoming', 'live', 'vod', 'schedule'] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

export const LISTING_STATUSES: Record<ListingKind, readonly StreamStatus[]> = {
  upcoming: ['upcoming'],
  live: ['live'],
  vod: ['finished'],
  schedule: ['live', 'upcoming'],
};

/** A page size that fills whole rows of 2, 3 and 4 cards. */
export const LISTING_PAGE_SIZE = 24;

/** A listing's `GET /events` query with no filter, its fields in the order the web app sends them. */
export const listingQuery = (kind: ListingKind) => ({
  stream_status: LISTING_STATUSES[kind].join(','),
  sort_field: 'event_utc_ts' as const,
  // Replays newest first; everything else soonest first (live games started earliest, so they lead /schedule).
  sort_direction: kind === 'vod' ? ('desc' as const) : ('asc' as const),
});

/** The listing a page's path opens (`/schedule` → schedule), or null. */
export const listingOfPath = (pathname: string): ListingKind | null =>
  LISTING_KINDS.find((kind) => pathname === `/${kind}` || pathname === `/${kind}/`) ?? null;

/**
 * The address of an unfiltered listing's first page, relative to the API's root and without the key, exactly as
 * the web app's client writes it (its fields in order, then offset and limit).
 */
export const listingFirstPageAddress = (kind: ListingKind): string =>
  `events?${new URLSearchParams({ ...listingQuery(kind), offset: '0', limit: String(LISTING_PAGE_SIZE) })}`;
