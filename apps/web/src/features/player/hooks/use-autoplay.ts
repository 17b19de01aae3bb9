import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * Starts each source at once. Browsers refuse sound without a gesture on a first visit: the player then starts
 * muted (which every browser allows) and offers to unmute, rather than waiting for a press on play.
 */
export function useAutoplay(video: RefObject<HTMLVideoElement | null>, sourceUrl: string) {
  const [mutedByPolicy, setMutedByPolicy] = useState(false);

  useEffect(() => {
    const media = video.current;
    // Each new source (the game after its advertisement) starts by itself too.
    if (!media || !sourceUrl) return;
    let cancelled = false;
    media.play().catch((error: unknown) => {
      if (cancelled || (error as DOMException)?.name !== 'NotAllowedError') return;
      media.muted = true;
      setMutedByPolicy(true);
      void media.play().catch(() => undefined);
    });
    return () => {
      cancelled = true;
    };
  }, [video, sourceUrl]);

  const unmute = useCallback(() => {
    const media = video.current;
    if (media) media.muted = false;
    setMutedByPolicy(false);
  }, [video]);

  return { mutedByPolicy, unmute };
}
