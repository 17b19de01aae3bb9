import { dateTimeFormat } from '@sideline/contract/rules/intl-formats';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { useLanguage } from '@/hooks/use-language';
import { formatDate, LOCALES } from '@/lib/format';
import { setCalendarStart, setListRange, useCalendar } from '../stores/calendar-store';
import { dayToUnix, pickDay, type ScheduleFilters, unixToDay } from '../utils/schedule-filters';
import styles from './date-strip.module.css';

const STRIP_DAYS = 14;
const WEEK = 7;

/** The local day `n` days after `day`, by the calendar (a day across a clock change is not 86400 s). */
export function addDays(day: string, n: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return unixToDay(Math.floor(new Date(y, m - 1, d + n).getTime() / 1000));
}

type Range = Pick<ScheduleFilters, 'from' | 'to'>;

/**
 * The calendar: two weeks of days from the calendar store's start (a day before the listed range), with arrows
 * for earlier and later weeks. A day picks that day; a later day then makes a range; "All dates" clears it.
 */
export function DateStrip({ from, to, onChange }: Range & { onChange: (update: (range: Range) => Range) => void }) {
  const { t } = useTranslation('browse');
  const lng = useLanguage();
  const hintId = useId();
  const { calendarStart } = useCalendar();

  // A range from the address (a shared link) becomes the store's list range, and the strip moves to it.
  useEffect(() => {
    if (from) setListRange(dayToUnix(from), dayToUnix(to ?? from, true));
  }, [from, to]);

  const first = unixToDay(calendarStart);
  const days = Array.from({ length: STRIP_DAYS }, (_, i) => addDays(first, i));
  const today = unixToDay(Math.floor(Date.now() / 1000));
  const shift = (weeks: number) => {
    const [y = 0, m = 1, d = 1] = addDays(first, weeks * WEEK)
      .split('-')
      .map(Number);
    setCalendarStart(Math.floor(new Date(y, m - 1, d).getTime() / 1000));
  };
  const weekday = dateTimeFormat(LOCALES[lng], { weekday: 'short' });
  const month = dateTimeFormat(LOCALES[lng], { month: 'short' });
  const monthLong = dateTimeFormat(LOCALES[lng], { month: 'long' });
  // Bulgarian's short month is a number ("11"): the strip shows the word's start instead ("ное").
  const monthName = (date: Date) => {
    const short = month.format(date);
    return /^\d/.test(short) ? monthLong.format(date).slice(0, 3) : short;
  };
  const dateOf = (day: string) => {
    const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
    return new Date(y, m - 1, d);
  };

  return (
    <div className={styles.strip}>
      <span id={hintId} className="sr-only">
        {t('filters.dateHint')}
      </span>
      <button
        type="button"
        className={styles.all}
        aria-pressed={!from}
        onClick={() => onChange(() => ({ from: null, to: null }))}
      >
        {t('filters.allDates')}
      </button>
      <button type="button" className={styles.arrow} data-dir="prev" onClick={() => shift(-1)}>
        <ChevronLeftIcon />
        <span className="sr-only">{t('filters.earlier')}</span>
      </button>
      <fieldset className={styles.days} aria-describedby={hintId}>
        <legend className="sr-only">{t('filters.dates')}</legend>
        {days.map((day, index) => {
          const date = dateOf(day);
          const inRange = !!from && day >= from && day <= (to ?? from);
          const edge = inRange && (day === from || day === (to ?? from));
          const showMonth = index === 0 || date.getDate() === 1;
          return (
            <button
              key={day}
              type="button"
              className={styles.day}
              data-edge={edge || undefined}
              data-today={day === today || undefined}
              aria-pressed={inRange}
              onClick={() => onChange((range) => pickDay(range, day))}
            >
              <span className={styles.weekday} aria-hidden="true">
                {showMonth ? monthName(date) : weekday.format(date)}
              </span>
              <span className={styles.number} aria-hidden="true">
                {date.getDate()}
              </span>
              <span className="sr-only">{formatDate(date, lng)}</span>
            </button>
          );
        })}
      </fieldset>
      <button type="button" className={styles.arrow} data-dir="next" onClick={() => shift(1)}>
        <ChevronRightIcon />
        <span className="sr-only">{t('filters.later')}</span>
      </button>
    </div>
  );
}
