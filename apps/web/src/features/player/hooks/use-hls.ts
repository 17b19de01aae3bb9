import Hls, { type ErrorData, type HlsConfig } from 'hls.js/light';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { PlayerSource, Rendition } from '../types';

/**
 * hls.js settings for the channel's streams. Live segments are 1 s long: playing 1.25 s behind the playlist's
 * live edge, and catching up (slightly faster playback) when drifting a little past it, keeps the picture within
 * about 3 s of the encoder's clock, where standard settings (three 6 s segments) sit 15-30 s behind. No maximum
 * latency: past one, hls.js would jump back to live and undo a fan's rewind. The live duration is infinite so
 * the controls treat the stream as live with a rewind window (the playlist's seekable range).
 */
const CONFIG: Partial<HlsConfig> = {
  liveSyncDuration: 1.25,
  maxLiveSyncPlaybackRate: 1.25,
  liveDurationInfinity: true,
  lowLatencyMode: false,
  // The rewind window is long (12 min): keep a minute behind the playhead, not all of it, in memory.
  backBufferLength: 60,
};

export type HlsHandlers = {
  /** The stream cannot play (after one attempt to recover a media error): show the error screen. */
  onFatalError: (details: string) => void;
  /** The rendition now playing changed (auto or chosen). */
  onRenditionChange?: (rendition: Rendition) => void;
};

export type HlsView = {
  hls: RefObject<Hls | null>;
  renditions: Rendition[];
  /** The chosen level: -1 for automatic. */
  chosenLevel: number;
  playing: Rendition | null;
  chooseLevel(level: number): void;
};

const toRendition = (hls: Hls, index: number): Rendition | null => {
  const level = hls.levels[index];
  return level ? { index, height: level.height, bitrate: level.bitrate } : null;
};

/**
 * One hls.js instance for the lifetime of the player (created once, kept in a ref, destroyed on unmount),
 * loading each new source into the same video element, so an advertisement hands over to the game without
 * a new element (and without losing the permission to play with sound).
 */
export function useHls(
  video: RefObject<HTMLVideoElement | null>,
  source: PlayerSource,
  handlers: HlsHandlers,
): HlsView {
  const hls = useRef<Hls | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const [renditions, setRenditions] = useState<Rendition[]>([]);
  const [chosenLevel, setChosenLevel] = useState(-1);
  const [playing, setPlaying] = useState<Rendition | null>(null);

  useEffect(() => {
    const media = video.current;
    if (!media || !Hls.isSupported()) return;
    const instance = new Hls(CONFIG);
    let recovered = false;
    instance.on(Hls.Events.MANIFEST_PARSED, () => {
      const list = instance.levels.map((_, i) => toRendition(instance, i)).filter((r): r is Rendition => !!r);
      setRenditions(list.sort((a, b) => b.height - a.height));
      setChosenLevel(-1);
    });
    instance.on(Hls.Events.LEVEL_SWITCHED, (_event, { level }) => {
      const rendition = toRendition(instance, level);
      setPlaying(rendition);
      if (rendition) handlersRef.current.onRenditionChange?.(rendition);
    });
    instance.on(Hls.Events.ERROR, (_event, data: ErrorData) => {
      if (!data.fatal) return;
      // A decoding hiccup can often be recovered once; a refused segment (expired token) or a lost network
      // cannot: the page fetches a fresh playback and starts over.
      if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
        recovered = true;
        instance.recoverMediaError();
        return;
      }
      handlersRef.current.onFatalError(data.details);
    });
    instance.attachMedia(media);
    hls.current = instance;
    return () => {
      instance.destroy();
      hls.current = null;
    };
  }, [video]);

  useEffect(() => {
    const media = video.current;
    if (!media) return;
    setRenditions([]);
    setPlaying(null);
    if (hls.current) hls.current.loadSource(source.url);
    // Safari on iPhone has no Media Source Extensions but plays HLS itself.
    else if (media.canPlayType('application/vnd.apple.mpegurl')) media.src = source.url;
    else handlersRef.current.onFatalError('hls_unsupported');
  }, [video, source.url]);

  const chooseLevel = useCallback((level: number) => {
    if (!hls.current) return;
    // `currentLevel` switches at once (flushing the buffer); -1 hands the choice back to the bandwidth estimate.
    hls.current.currentLevel = level;
    setChosenLevel(level);
  }, []);

  return { hls, renditions, chosenLevel, playing, chooseLevel };
}
