import type { ClipListItem } from '@sideline/contract/clips';
import { Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { MomentsFeed } from '@/features/clips/components/moments-feed';
import { LatestReplays } from '@/features/events/components/latest-replays';
import { matchup } from '@/features/events/utils/event-text';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useRenderFavorite } from './favorite-slot';

function Feed() {
  const { t } = useTranslation('clips');
  const { t: browse } = useTranslation('browse');
  const describeGame = useCallback((event: ClipListItem['event']) => matchup(event, browse), [browse]);
  const renderFavorite = useRenderFavorite();
  useDocumentTitle(t('clips.moments.title'));
  // Until fans have clipped anything: the latest finished games, with the favorites' stars.
  return <MomentsFeed describeGame={describeGame} empty={<LatestReplays renderFavorite={renderFavorite} />} />;
}

/** `/moments`: the channel's latest clips as a vertical feed, one per screen (the latest games until there are). */
export function MomentsView() {
  return (
    // The clips' and the schedule's texts may still be loading (another language).
    <Suspense fallback={null}>
      <Feed />
    </Suspense>
  );
}
