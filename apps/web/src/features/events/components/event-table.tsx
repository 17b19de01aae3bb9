import type { Event } from '@sideline/contract/events';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import type { RenderFavorite } from '../types';
import { channelCurrency } from '../utils/channel-currency';
import { listingTag, matchup, priceText, sides, sportLabel, venueDay, venueTime } from '../utils/event-text';
import { teamColours } from './event-card';
import styles from './event-table.module.css';
import { LiveBadge } from './live-badge';
import { TeamCrest } from './team-crest';

/** One game as a table row: when, away @ home (a link to the game), sport, status, price, favorite stars. */
export function EventRow({ event, renderFavorite }: { event: Event; renderFavorite?: RenderFavorite | undefined }) {
  const { t } = useTranslation('browse');
  const lng = useLanguage();
  const { away, home } = sides(event);
  return (
    <tr style={teamColours(away, home)}>
      <td className={styles.when}>
        <time dateTime={new Date(event.event_utc_ts * 1000).toISOString()}>
          <span className={styles.day}>{venueDay(event, lng)}</span>
          <span className={styles.time}>{venueTime(event, lng)}</span>
        </time>
      </td>
      <th scope="row" className={styles.game}>
        <Link to={paths.watch.href(event.id)} className={styles.link}>
          {away && <TeamCrest team={away} size={26} />}
          {home && <TeamCrest team={home} size={26} />}
          <span>{matchup(event, t)}</span>
        </Link>
      </th>
      <td>{sportLabel(event, t)}</td>
      <td>
        {event.stream_status === 'live' ? (
          <LiveBadge />
        ) : (
          <span className={styles.status}>
            {event.stream_status === 'finished' ? t('events.replay') : t('events.upcoming')}
          </span>
        )}
      </td>
      <td className={styles.price}>{priceText(listingTag(event), lng, channelCurrency(), t)}</td>
      {renderFavorite && (
        <td className={styles.favorites}>
          {away && renderFavorite({ type: 'participant', id: away.id, name: away.name })}
          {home && renderFavorite({ type: 'participant', id: home.id, name: home.name })}
        </td>
      )}
    </tr>
  );
}

/** Games as a table. On a narrow screen it scrolls sideways inside its own focusable region. */
export function EventTable({
  events,
  renderFavorite,
  busy,
}: {
  events: Event[];
  renderFavorite?: RenderFavorite | undefined;
  busy?: boolean;
}) {
  const { t } = useTranslation('browse');
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
    <section className={styles.scroller} aria-label={t('events.table.caption')} tabIndex={0}>
      <table className={styles.table} aria-busy={busy || undefined}>
        <caption className="sr-only">{t('events.table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('events.table.when')}</th>
            <th scope="col">{t('events.table.game')}</th>
            <th scope="col">{t('events.table.sport')}</th>
            <th scope="col">{t('events.table.status')}</th>
            <th scope="col">{t('events.table.price')}</th>
            {renderFavorite && <th scope="col">{t('events.table.favorites')}</th>}
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <EventRow key={event.id} event={event} renderFavorite={renderFavorite} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
