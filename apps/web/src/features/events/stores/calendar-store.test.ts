import { afterEach, describe, expect, it } from 'vitest';
import { calendarStore, initialCalendar, resetCalendar, setCalendarStart, setListRange } from './calendar-store';

afterEach(resetCalendar);

describe('calendar state', () => {
  it('starts on today, lists a week and starts the calendar one day (86400 s) earlier', () => {
    const now = new Date(2025, 10, 22, 15, 30);
    const state = initialCalendar(now);
    expect(new Date(state.listStart * 1000)).toEqual(new Date(2025, 10, 22));
    expect(state.listEnd - state.listStart).toBe(7 * 86_400 - 1);
    expect(state.listStart - state.calendarStart).toBe(86_400);
  });

  it('moves the calendar start with the list start', () => {
    setListRange(1_000_000, 1_500_000);
    expect(calendarStore.get()).toEqual({ listStart: 1_000_000, listEnd: 1_500_000, calendarStart: 913_600 });
    setCalendarStart(900_000);
    expect(calendarStore.get().calendarStart).toBe(900_000);
  });

  it('resets to today', () => {
    setListRange(1, 2);
    resetCalendar();
    expect(calendarStore.get().listStart).toBe(initialCalendar().listStart);
  });
});
