import type { SharedClip as SharedClipData } from '@sideline/contract/clips';
import { Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SharedClip } from '@/features/clips/components/shared-clip';
import { matchup } from '@/features/events/utils/event-text';

function SharedClipPage() {
  const params = useParams();
  const { t: browse } = useTranslation('browse');
  const describeGame = useCallback((event: SharedClipData['event']) => matchup(event, browse), [browse]);
  return <SharedClip id={Number(params.id)} uuid={params.uuid ?? ''} describeGame={describeGame} />;
}

/** `/share/{id}/{uuid}`: a shared clip, public (guests too). */
export function ShareView() {
  return (
    <div className="container">
      {/* The clips' and the schedule's texts may still be loading (another language). */}
      <Suspense fallback={null}>
        <SharedClipPage />
      </Suspense>
    </div>
  );
}
