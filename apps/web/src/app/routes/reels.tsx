import type { ClipListItem } from '@sideline/contract/clips';
import { Suspense, useCallback } from 'react';
import { MomentsFeed } from '@/features/clips/components/moments-feed';
import { matchup } from '@/features/events/utils/event-text';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useBrowseText } from '@/locales/browse/texts';
import { useClipsText } from '@/locales/clips/texts';

function Feed() {
  const t = useClipsText();
  const browse = useBrowseText();
  const describeGame = useCallback((event: ClipListItem['event']) => matchup(event, browse), [browse]);
  useDocumentTitle(t('clips.moments.title'));
  return <MomentsFeed describeGame={describeGame} />;
}

/** `/moments`: the channel's latest clips as a vertical feed, one per screen. */
export function MomentsView() {
  return (
    // The clips' and the schedule's texts may still be loading (another language).
    <Suspense fallback={null}>
      <Feed />
    </Suspense>
  );
}
