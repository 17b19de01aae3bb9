import type { Language } from '@sideline/contract/constants';
import { dateTimeFormat } from '@sideline/contract/rules/intl-formats';
import { timeZoneAbbreviation } from '@sideline/contract/rules/time-zone';
import { LOCALES } from './format';

// Apart from the dates and prices: the zone abbreviation map is only needed where times are shown.
/**
 * A time of day in a zone, with the product's zone abbreviation when it knows one, e.g. `7:00 PM CST` or
 * `19:00 EET`; the browser's own zone when none is given.
 */
export function formatTime(date: Date, lng: Language, timeZone?: string): string {
  const time = dateTimeFormat(LOCALES[lng], { hour: 'numeric', minute: '2-digit', timeZone }).format(date);
  const abbreviation = timeZone ? timeZoneAbbreviation(timeZone, date) : null;
  return abbreviation ? `${time} ${abbreviation}` : time;
}
