import type { Event, Participant } from '@sideline/contract/events';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { formatPrice } from '@/lib/format';
import { useEventCategories } from '../api/get-event-categories';
import { useEventLocations } from '../api/get-event-locations';
import { useParticipantGroups } from '../api/get-participant-groups';
import type { RenderFavorite } from '../types';
import { channelCurrency } from '../utils/channel-currency';
import { matchup, priceTag, sides, sportLabel, venueLongDay, venueTime } from '../utils/event-text';
import { teamColours } from './event-card';
import styles from './event-detail.module.css';
import { LiveBadge } from './live-badge';
import { TeamCrest } from './team-crest';

type Props = {
  event: Event;
  /** h1 on the game's own page, h2 under the player. */
  headingLevel?: 1 | 2;
  renderFavorite?: RenderFavorite | undefined;
  /** Buttons beside the title, e.g. "Watch the replay". */
  actions?: ReactNode;
};

function Access({ event }: { event: Event }) {
  const { t } = useTranslation('browse');
  const lng = useLanguage();
  const tag = priceTag(event);
  if (event.type === 'free') return <p className={styles.access}>{t('events.detail.freeAccess')}</p>;
  if (event.has_access)
    return (
      <p className={styles.access} data-ok="true">
        {t('events.detail.hasAccess')}
      </p>
    );
  if (tag.kind === 'register') {
    return (
      <p className={styles.access}>
        {t('events.detail.registerAccess')} <Link to={paths.registration.href()}>{t('events.detail.signUp')}</Link>
      </p>
    );
  }
  const currency = channelCurrency();
  const price = tag.kind === 'price' ? formatPrice(tag.amount, lng, currency) : t('events.free');
  return (
    <p className={styles.access}>
      {t('events.detail.paidAccess', { price })}
      {event.service_fee > 0 && (
        <span className={styles.fee}>
          {t('events.detail.fee', { fee: formatPrice(event.service_fee, lng, currency) })}
        </span>
      )}
      <Link to={paths.packages.href()}>{t('events.detail.seePasses')}</Link>
    </p>
  );
}

function Side({ team, role, renderFavorite }: { team: Participant; role: string; renderFavorite?: RenderFavorite }) {
  return (
    <div className={styles.side}>
      <TeamCrest team={team} size={72} />
      <span className={styles.role}>{role}</span>
      <span className={styles.sideName}>{team.name}</span>
      {renderFavorite?.({ type: 'participant', id: team.id, name: team.name }, 'labelled')}
    </div>
  );
}

/**
 * A game in full: the teams in their colours, sport, school, venue, local start time, access and price, and
 * favorites for the game, both teams, the home school and the sport. Used by /vod/{id} and under the player.
 */
export function EventDetail({ event, headingLevel = 1, renderFavorite, actions }: Props) {
  const { t } = useTranslation('browse');
  const lng = useLanguage();
  const { away, home } = sides(event);
  const sport = useEventCategories().data?.find((c) => c.id === event.event_category_id);
  const venue = useEventLocations().data?.find((l) => l.id === event.location_id);
  const school = useParticipantGroups().data?.find((g) => g.id === home?.participant_group_id);
  const Heading = `h${headingLevel}` as const;
  const title = matchup(event, t);
  const place = venue && [venue.name, venue.city, venue.state].filter(Boolean).join(', ');

  return (
    <article className={styles.detail} style={teamColours(away, home)}>
      {away && home && (
        <div className={styles.matchup}>
          <Side team={away} role={t('events.away')} renderFavorite={renderFavorite} />
          <span className={styles.at} aria-hidden="true">
            @
          </span>
          <Side team={home} role={t('events.home')} renderFavorite={renderFavorite} />
        </div>
      )}
      <div className={styles.head}>
        <p className={styles.kicker}>
          {event.stream_status === 'live' && <LiveBadge />}
          {event.stream_status === 'finished' && <span className={styles.replay}>{t('events.replay')}</span>}
          <span>{sportLabel(event, t, sport?.name)}</span>
        </p>
        <Heading className={styles.title}>{title}</Heading>
        {event.description && <p className={styles.description}>{event.description}</p>}
        <div className={styles.actions}>
          {actions}
          {renderFavorite?.({ type: 'favorite_event', id: event.id, name: title }, 'labelled')}
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('events.detail.when')}</dt>
          <dd>
            <time dateTime={new Date(event.event_utc_ts * 1000).toISOString()}>
              {venueLongDay(event, lng)} · {venueTime(event, lng)}
            </time>
          </dd>
        </div>
        {place && (
          <div>
            <dt>{t('events.detail.venue')}</dt>
            <dd>{place}</dd>
          </div>
        )}
        {school && (
          <div>
            <dt>{t('events.detail.school')}</dt>
            <dd className={styles.followable}>
              <span>{school.name}</span>
              {renderFavorite?.({ type: 'participant_group', id: school.id, name: school.name })}
            </dd>
          </div>
        )}
        {sport && (
          <div>
            <dt>{t('events.detail.sport')}</dt>
            <dd className={styles.followable}>
              <span>{sport.name}</span>
              {renderFavorite?.({ type: 'event_category', id: sport.id, name: sport.name })}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('events.detail.access')}</dt>
          <dd>
            <Access event={event} />
          </dd>
        </div>
      </dl>
    </article>
  );
}
