import type { ListLayout } from '@sideline/contract/enums';
import type { Event, Participant } from '@sideline/contract/events';
import { type CSSProperties, memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import type { RenderFavorite } from '../types';
import { channelCurrency } from '../utils/channel-currency';
import { listingTag, matchup, priceText, sides, sportLabel, venueDay, venueTime } from '../utils/event-text';
import styles from './event-card.module.css';
import { LiveBadge } from './live-badge';
import { TeamCrest } from './team-crest';

type Props = {
  event: Event;
  /** Grid: poster above; list: poster beside, on screens wide enough. */
  layout?: ListLayout;
  renderFavorite?: RenderFavorite | undefined;
  headingLevel?: 2 | 3 | 4;
  /** The first cards of a page are above the fold: their posters load at once. */
  eager?: boolean;
};

/** The team colours of a card, away then home, for its stripe and crest rings. */
export const teamColours = (away: Participant | null, home: Participant | null) =>
  ({ '--away': away?.color ?? 'transparent', '--home': home?.color ?? away?.color ?? 'transparent' }) as CSSProperties;

function TeamLine({ team, home }: { team: Participant; home?: boolean }) {
  return (
    <span className={styles.team} aria-hidden="true">
      <TeamCrest team={team} />
      <span className={styles.teamName}>
        {home && <span className={styles.at}>@ </span>}
        {team.name}
      </span>
    </span>
  );
}

/**
 * A game on a card: poster, status and price on it (or "Included" for a viewer who may watch it: `has_access`), the teams (away @ home) in their colours, the sport and
 * the local start time at the venue. The whole card links to the game; the favorite stars sit above the link.
 * Memoised: a list or rail re-renders as its cards come in and its pages load, and a card made stays as it is
 * (its game is the same object while the query's answer has not changed it).
 */
export const EventCard = memo(function EventCard({
  event,
  layout = 'grid',
  renderFavorite,
  headingLevel = 3,
  eager = false,
}: Props) {
  const { t } = useTranslation('browse');
  const lng = useLanguage();
  const metaId = useId();
  const Heading = `h${headingLevel}` as const;
  const { away, home } = sides(event);
  const tag = listingTag(event);
  const sport = sportLabel(event, t);

  return (
    <article className={styles.card} data-layout={layout} style={teamColours(away, home)}>
      <div className={styles.media}>
        {event.poster ? (
          <img src={event.poster} alt="" width={640} height={360} loading={eager ? 'eager' : 'lazy'} decoding="async" />
        ) : (
          <span className={styles.art} aria-hidden="true">
            {away && <TeamCrest team={away} size={56} />}
            {home && <TeamCrest team={home} size={56} />}
          </span>
        )}
        <span className={styles.status}>
          {event.stream_status === 'live' && <LiveBadge />}
          {event.stream_status === 'finished' && <span className={styles.replay}>{t('events.replay')}</span>}
        </span>
        <span className={styles.price} data-kind={tag.kind}>
          {priceText(tag, lng, channelCurrency(), t)}
        </span>
      </div>
      <div className={styles.body}>
        {sport && <p className={styles.kicker}>{sport}</p>}
        <Heading className={styles.title}>
          <Link to={paths.watch.href(event.id)} className={styles.link} aria-describedby={metaId}>
            {away && home ? (
              <>
                {/* One clean name for the link; the rows below draw it with crests. */}
                <span className="sr-only">{matchup(event, t)}</span>
                <TeamLine team={away} />
                <TeamLine team={home} home />
              </>
            ) : (
              <span className={styles.team}>{matchup(event, t)}</span>
            )}
          </Link>
        </Heading>
        {renderFavorite && away && home && (
          <>
            <span className={styles.favAway}>
              {renderFavorite({ type: 'participant', id: away.id, name: away.name })}
            </span>
            <span className={styles.favHome}>
              {renderFavorite({ type: 'participant', id: home.id, name: home.name })}
            </span>
          </>
        )}
        <p id={metaId} className={styles.meta}>
          {sport && <span className="sr-only">{sport}, </span>}
          <time dateTime={new Date(event.event_utc_ts * 1000).toISOString()}>
            {venueDay(event, lng)} · {venueTime(event, lng)}
          </time>
          <span className="sr-only">
            {event.stream_status === 'live' ? `, ${t('events.live')}` : ''}, {priceText(tag, lng, channelCurrency(), t)}
          </span>
        </p>
      </div>
    </article>
  );
});
