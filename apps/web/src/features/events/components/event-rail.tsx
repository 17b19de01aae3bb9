import type { Event } from '@sideline/contract/events';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Rail } from '@/components/ui/rail/rail';
import { useCardsInReach } from '@/hooks/use-cards-in-reach';
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

/** Cards a rail adds at a time: its first screen on any width (see useCardsInReach). */
const CARDS_AT_A_TIME = 4;

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
  const count = events?.length;
  const { shown, last } = useCardsInReach<HTMLLIElement>(count ?? 0, CARDS_AT_A_TIME);

  return (
    <Rail
      title={title}
      headingLevel={headingLevel}
      previousLabel={t('events.previous', { title })}
      nextLabel={t('events.next', { title })}
      scrollMs={scrollMs}
      // The cards on the track (none while loading), which come a few at a time as the fan nears them.
      count={events ? shown : undefined}
      empty={count === 0 ? empty : undefined}
      extras={
        <>
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
        </>
      }
    >
      {events ? (
        events.slice(0, shown).map((event, index) => (
          <li key={event.id} ref={index === shown - 1 ? last : undefined}>
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
    </Rail>
  );
}
