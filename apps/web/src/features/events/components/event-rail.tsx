import { CARD_MAX_WIDTH_PX, CARD_MIN_WIDTH_PX } from '@sideline/contract/constants';
import type { Event } from '@sideline/contract/events';
import { type CSSProperties, type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { useProgressiveCount } from '../hooks/use-progressive-count';
import { useRail } from '../hooks/use-rail';
import { DEFAULT_LAYOUT } from '../stores/layout-store';
import type { RenderFavorite } from '../types';
import { EventCard } from './event-card';
import styles from './event-rail.module.css';
import { EventSkeletons } from './event-skeletons';

type Props = {
  title: string;
  /** Undefined while loading: skeleton cards show. */
  events: Event[] | undefined;
  /** Said when the rail has no games. */
  empty: string;
  seeAll?: { href: string; label?: string } | undefined;
  /** A timed glide for the arrow buttons, e.g. the on-demand rail's 5000 ms; the browser's smooth scroll otherwise. */
  scrollMs?: number | undefined;
  renderFavorite?: RenderFavorite | undefined;
  /** Extra controls in the rail's header. */
  actions?: ReactNode;
  /** h2 on a page of rails, h3 inside a section. */
  headingLevel?: 2 | 3;
};

const cardWidths = { '--card-min': `${CARD_MIN_WIDTH_PX}px`, '--card-max': `${CARD_MAX_WIDTH_PX}px` } as CSSProperties;
/** Cards a rail adds in each task: its first screen on any width (see useProgressiveCount). */
const CARDS_PER_TASK = 4;

/** A titled, horizontally scrolling row of game cards with a "see all" link and labelled arrow buttons. */
export function EventRail({
  title,
  events,
  empty,
  seeAll,
  scrollMs,
  renderFavorite,
  actions,
  headingLevel = 2,
}: Props) {
  const { t } = useTranslation('browse');
  const headingId = useId();
  const { ref, edges, scroll, refresh } = useRail<HTMLUListElement>(scrollMs);
  const Heading = `h${headingLevel}` as const;
  const count = events?.length;
  const shown = useProgressiveCount(count ?? 0, CARDS_PER_TASK);
  // The cards on the track (none while loading): the arrows depend on how much overflows, which changes as they
  // come in.
  const onTrack = events ? shown : undefined;
  useEffect(() => {
    if (onTrack !== undefined) refresh();
  }, [onTrack, refresh]);

  return (
    <section className={styles.rail} aria-labelledby={headingId} aria-busy={events ? undefined : true}>
      <header className={styles.header}>
        <Heading id={headingId} className={styles.title}>
          {title}
        </Heading>
        {seeAll && (
          <Link
            to={seeAll.href}
            className={styles.seeAll}
            aria-label={seeAll.label ? undefined : t('events.seeAllOf', { title })}
          >
            {seeAll.label ?? t('events.seeAll')}
          </Link>
        )}
        {actions}
        {!!count && (edges.back || edges.forward) && (
          <div className={styles.arrows}>
            <button type="button" className={styles.arrow} onClick={() => scroll(-1)} disabled={!edges.back}>
              <ChevronLeftIcon />
              <span className="sr-only">{t('events.previous', { title })}</span>
            </button>
            <button type="button" className={styles.arrow} onClick={() => scroll(1)} disabled={!edges.forward}>
              <ChevronRightIcon />
              <span className="sr-only">{t('events.next', { title })}</span>
            </button>
          </div>
        )}
      </header>
      {count === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul ref={ref} className={styles.track} style={cardWidths}>
          {events ? (
            events.slice(0, shown).map((event, index) => (
              <li key={event.id}>
                <EventCard
                  event={event}
                  renderFavorite={renderFavorite}
                  eager={index < 3}
                  headingLevel={headingLevel === 2 ? 3 : 4}
                />
              </li>
            ))
          ) : (
            <EventSkeletons layout={DEFAULT_LAYOUT} count={4} />
          )}
        </ul>
      )}
    </section>
  );
}
