import { CALENDAR_START_SHIFT_S } from '@sideline/contract/constants';
import { onAppReset } from '@/lib/app-reset';
import { createStore } from '@/lib/create-store';

/** Unix seconds: the listing's date range, and where the calendar strip starts (one day before the list). */
export type CalendarState = { listStart: number; listEnd: number; calendarStart: number };

const DAY_S = 86_400;
const LIST_DAYS = 7;

function startOfDay(now: Date): number {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return Math.floor(day.getTime() / 1000);
}

/** Today and the six days after it; the calendar starts the day before. */
export function initialCalendar(now = new Date()): CalendarState {
  const listStart = startOfDay(now);
  return { listStart, listEnd: listStart + LIST_DAYS * DAY_S - 1, calendarStart: listStart - CALENDAR_START_SHIFT_S };
}

export const calendarStore = createStore<CalendarState>(initialCalendar());

/** A new list range; the calendar follows the list's start. */
export function setListRange(listStart: number, listEnd: number) {
  calendarStore.set({ listStart, listEnd, calendarStart: listStart - CALENDAR_START_SHIFT_S });
}

export function setCalendarStart(calendarStart: number) {
  calendarStore.set((state) => ({ ...state, calendarStart }));
}

export const resetCalendar = () => calendarStore.set(initialCalendar());
// A new visit (logout, key reset) starts from today again.
onAppReset(resetCalendar);
export const useCalendar = () => calendarStore.use();
