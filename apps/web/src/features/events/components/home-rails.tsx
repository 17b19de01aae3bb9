import { VOD_RAIL_SCROLL_MS } from '@sideline/contract/constants';
import type { HomepageSection } from '@sideline/contract/events';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import type { RenderFavorite } from '../types';
import { EventRail } from './event-rail';
import styles from './home-rails.module.css';

type Key = HomepageSection['key'];
const ORDER: readonly Key[] = ['favorites', 'live', 'upcoming', 'recent'];
const SEE_ALL: Record<Key, string> = {
  favorites: paths.profileFavorites.href(),
  live: paths.live.href(),
  upcoming: paths.upcoming.href(),
  recent: paths.vod.href(),
};

/**
 * The home page's rails, from `GET /events-for-homepage`: the fan's favorites (when `showFavorites`: a signed-in
 * fan who follows something), live now, coming up and the latest replays, each with a "see all" link.
 */
export function HomeEventRails({
  sections,
  showFavorites,
  renderFavorite,
}: {
  sections: HomepageSection[] | undefined;
  showFavorites: boolean;
  renderFavorite: RenderFavorite;
}) {
  const { t } = useTranslation('browse');
  // The rails' cards come in a render of their own, after the page around them (the hero, the fan's largest
  // first picture) is on screen: one render of every card first held the hero back by half a second on a phone.
  // An answer that comes later renders in the background too (a query's answer is otherwise one blocking render).
  const listed = useDeferredValue(sections ?? null, null);
  const events = new Map(listed?.map((section) => [section.key, section.events]));
  const shown = ORDER.filter((key) => key !== 'favorites' || (showFavorites && events.has('favorites')));
  return (
    <div className={styles.rails}>
      {shown.map((key) => (
        <EventRail
          key={key}
          title={t(`events.rails.${key}`)}
          events={listed ? (events.get(key) ?? []) : undefined}
          empty={t(`events.railEmpty.${key}`)}
          seeAll={{
            href: SEE_ALL[key],
            ...(key === 'favorites' ? { label: t('events.manageFavorites') } : {}),
          }}
          scrollMs={key === 'recent' ? VOD_RAIL_SCROLL_MS : undefined}
          renderFavorite={renderFavorite}
        />
      ))}
    </div>
  );
}
