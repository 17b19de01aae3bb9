import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSearchUpdate } from '@/hooks/use-search-update';
import { useEventsPages } from '../api/get-events';
import { useEventsLayout } from '../stores/layout-store';
import type { RenderFavorite } from '../types';
import {
  activeFilterCount,
  eventsQueryOf,
  type ScheduleFilters as Filters,
  filtersFromSearch,
  filtersToSearch,
  type ListingKind,
  NO_FILTERS,
} from '../utils/schedule-filters';
import { DateStrip } from './date-strip';
import { EventResults } from './event-results';
import styles from './events-listing.module.css';
import { LayoutSwitch } from './layout-switch';
import { FilterBar } from './schedule-filters';

/**
 * A listing of games (/upcoming, /live, /vod, /schedule): its filters live in the address, so a filtered view can
 * be shared and the back button undoes a filter. A change of filters is a new query, and TanStack Query aborts
 * the request for the old one.
 */
export function EventsListing({ kind, renderFavorite }: { kind: ListingKind; renderFavorite?: RenderFavorite }) {
  const { t } = useTranslation('browse');
  const [search, setSearch] = useSearchUpdate();
  const filters = filtersFromSearch(search);
  const layout = useEventsLayout();
  const result = useEventsPages(eventsQueryOf(kind, filters));
  const title = t(`schedule.titles.${kind}`);
  useDocumentTitle(title);

  // Updates apply to the address as the last one left it: two quick changes both count, even before a re-render.
  const change = (update: (current: Filters) => Filters) =>
    setSearch((current) => filtersToSearch(update(filtersFromSearch(current)), current), {
      preventScrollReset: true,
    });
  const filtered = activeFilterCount(filters) > 0;

  const empty = (
    <EmptyState
      level={2}
      title={t('schedule.emptyTitle')}
      message={filtered ? t('schedule.emptyFiltered') : t(`schedule.empty.${kind}`)}
      actions={
        filtered ? (
          <button type="button" className="button button-solid" onClick={() => change(() => NO_FILTERS)}>
            {t('filters.clear')}
          </button>
        ) : kind !== 'upcoming' ? (
          <Link to={paths.upcoming.href()} className="button button-solid">
            {t('schedule.seeUpcoming')}
          </Link>
        ) : null
      }
    />
  );

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.intro}>{t(`schedule.intros.${kind}`)}</p>
      </header>
      <section className={styles.controls} aria-label={t('filters.title')}>
        <FilterBar filters={filters} onChange={change} />
        <DateStrip
          from={filters.from}
          to={filters.to}
          onChange={(update) => change((current) => ({ ...current, ...update(current) }))}
        />
      </section>
      <div className={styles.toolbar}>
        <LayoutSwitch layout={layout} />
      </div>
      <EventResults result={result} layout={layout} renderFavorite={renderFavorite} empty={empty} />
    </div>
  );
}
