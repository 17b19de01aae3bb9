import type Hls from 'hls.js/light';
import { type RefObject, useCallback, useEffect, useState } from 'react';

/** Further behind the live edge than this, the fan is rewinding: the jump-to-live button lights up. */
const BEHIND_S = 6;

/** The point to play live from: where hls.js keeps the live playhead, or just short of the playlist's end. */
function liveEdge(video: HTMLVideoElement, hls: Hls | null): number | null {
  const sync = hls?.liveSyncPosition;
  if (typeof sync === 'number' && Number.isFinite(sync)) return sync;
  const { seekable } = video;
  return seekable.length ? seekable.end(seekable.length - 1) - 3 : null;
}

/** Whether a live stream plays at its edge (checked every second), and a jump back to it. */
export function useLiveEdge(video: RefObject<HTMLVideoElement | null>, hls: RefObject<Hls | null>, live: boolean) {
  const [atEdge, setAtEdge] = useState(true);

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      const media = video.current;
      const edge = media ? liveEdge(media, hls.current) : null;
      if (!media || edge === null) return;
      setAtEdge(!media.paused && edge - media.currentTime < BEHIND_S);
    }, 1000);
    return () => clearInterval(timer);
  }, [video, hls, live]);

  const jumpToLive = useCallback(() => {
    const media = video.current;
    const edge = media ? liveEdge(media, hls.current) : null;
    if (!media || edge === null) return;
    media.currentTime = edge;
    void media.play().catch(() => undefined);
    setAtEdge(true);
  }, [video, hls]);

  return { atEdge, jumpToLive };
}
