import type { Language } from '@sideline/contract/constants';
import type { Event, Participant } from '@sideline/contract/events';
import { dateTimeFormat } from '@sideline/contract/rules/intl-formats';
import type { TFunction } from 'i18next';
import { formatPrice, LOCALES } from '@/lib/format';
import { formatTime } from '@/lib/format-time';

/** The two sides of a game: the API lists the away team first, then the home team. */
export function sides(event: Pick<Event, 'participants'>): { away: Participant | null; home: Participant | null } {
  return { away: event.participants[0] ?? null, home: event.participants[1] ?? null };
}

/** "Away @ Home", or the event's own name when it is not a two-team game. */
export function matchup(event: Pick<Event, 'participants' | 'name'>, t: TFunction<'browse'>): string {
  const { away, home } = sides(event);
  return away && home ? t('events.matchup', { away: away.name, home: home.name }) : event.name;
}

/** The sport with the gender, e.g. "Women's Volleyball"; the sport's name comes with the teams. */
export function sportLabel(
  event: Pick<Event, 'participants' | 'gender'>,
  t: TFunction<'browse'>,
  sportName?: string,
): string {
  const sport = sportName ?? event.participants.find((p) => p.properties.sport)?.properties.sport ?? '';
  if (!sport) return event.gender ? t(`events.genders.${event.gender}`) : '';
  return event.gender ? t(`events.genderSport.${event.gender}`, { sport }) : sport;
}

export const startOf = (event: Pick<Event, 'event_utc_ts'>) => new Date(event.event_utc_ts * 1000);

/** The day of the game at the venue, short, e.g. "Sat, Nov 22" / "sam. 22 nov." / "сб, 22 ноем.". */
export function venueDay(event: Pick<Event, 'event_utc_ts' | 'time_zone'>, lng: Language): string {
  return dateTimeFormat(LOCALES[lng], {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: event.time_zone,
  }).format(startOf(event));
}

/** The start time at the venue with its zone, e.g. "7:00 PM MST" / "19:00 EET" (the contract's abbreviation map). */
export function venueTime(event: Pick<Event, 'event_utc_ts' | 'time_zone'>, lng: Language): string {
  return formatTime(startOf(event), lng, event.time_zone);
}

/** The day in full with the year, for the detail page, e.g. "Saturday, November 22, 2026". */
export function venueLongDay(event: Pick<Event, 'event_utc_ts' | 'time_zone'>, lng: Language): string {
  return dateTimeFormat(LOCALES[lng], { dateStyle: 'full', timeZone: event.time_zone }).format(startOf(event));
}

/** What watching costs: nothing, a free account, or the price with the service fee, in cents to avoid float dust. */
export type PriceTag = { kind: 'free' } | { kind: 'register' } | { kind: 'price'; amount: number };

export function priceTag(event: Pick<Event, 'type' | 'base_price' | 'service_fee'>): PriceTag {
  if (event.type === 'free') return { kind: 'free' };
  if (event.type === 'register') return { kind: 'register' };
  const cents = Math.round(event.base_price * 100) + Math.round((event.service_fee ?? 0) * 100);
  return cents > 0 ? { kind: 'price', amount: cents / 100 } : { kind: 'free' };
}

/** What a listing tells this viewer: a game they may already watch (a pass, a purchase, an account) is theirs. */
export type ListingTag = PriceTag | { kind: 'access' };

/**
 * A card's or row's tag: the price, unless the answer (asked with the viewer's key) says they may watch it. A free
 * game stays "Free": it is free for everyone.
 */
export function listingTag(event: Pick<Event, 'type' | 'base_price' | 'service_fee' | 'has_access'>): ListingTag {
  const tag = priceTag(event);
  return event.has_access && tag.kind !== 'free' ? { kind: 'access' } : tag;
}

/** The tag as a fan reads it: "Free", "Register", "$4.99" / "4,99 €", or "Included" when they may watch. */
export function priceText(tag: ListingTag, lng: Language, currency: string, t: TFunction<'browse'>): string {
  if (tag.kind === 'free') return t('events.free');
  if (tag.kind === 'register') return t('events.register');
  if (tag.kind === 'access') return t('events.included');
  return formatPrice(tag.amount, lng, currency);
}
