import Hls, { type ErrorData } from 'hls.js/light';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { PlayerSource, Rendition } from '../types';
import { HLS_CONFIG, remuxInWorkerOnceSettled, takeWarmStream } from './warm-stream';

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
 * a new element (and without losing the permission to play with sound). The first source may already be
 * loading (warm-stream.ts): that instance is taken over, with what it has loaded.
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
  const firstUrl = useRef(source.url);
  const { startS } = source;

  useEffect(() => {
    const media = video.current;
    if (!media || !Hls.isSupported()) return;
    const taken = takeWarmStream(firstUrl.current);
    // Either way hls.js starts without its worker and takes it up once the page has settled (warm-stream.ts).
    const instance = taken.hls ?? new Hls(HLS_CONFIG);
    remuxInWorkerOnceSettled(instance);
    let recovered = false;
    const listRenditions = () => {
      const list = instance.levels.map((_, i) => toRendition(instance, i)).filter((r): r is Rendition => !!r);
      setRenditions(list.sort((a, b) => b.height - a.height));
      setChosenLevel(-1);
    };
    instance.on(Hls.Events.MANIFEST_PARSED, listRenditions);
    // A warm instance may have read its manifest, and chosen a rendition, already.
    if (instance.levels.length) listRenditions();
    if (instance.currentLevel >= 0) setPlaying(toRendition(instance, instance.currentLevel));
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
    // A warm instance is attached to the element already (the player shows the warm start's own element).
    if (instance.media !== media) instance.attachMedia(media);
    hls.current = instance;
    return () => {
      taken.release();
      instance.destroy();
      hls.current = null;
    };
  }, [video]);

  useEffect(() => {
    const media = video.current;
    if (!media) return;
    // A source that asks to start further in (a replay taking over from its live game) seeks once it knows its length;
    // the listener goes with the source, so a later one never inherits the seek.
    const seek = () => {
      if (startS) media.currentTime = startS;
    };
    if (startS) media.addEventListener('loadedmetadata', seek, { once: true });
    const dropSeek = () => media.removeEventListener('loadedmetadata', seek);
    if (hls.current) {
      // A taken-over warm instance is loading this very address already (hls.js keeps it absolute).
      if (hls.current.url === new URL(source.url, document.baseURI).href) return dropSeek;
      setRenditions([]);
      setPlaying(null);
      hls.current.loadSource(source.url);
    }
    // Safari on iPhone has no Media Source Extensions but plays HLS itself.
    else if (media.canPlayType('application/vnd.apple.mpegurl')) media.src = source.url;
    else handlersRef.current.onFatalError('hls_unsupported');
    return dropSeek;
  }, [video, source.url, startS]);

  const chooseLevel = useCallback((level: number) => {
    if (!hls.current) return;
    // `currentLevel` switches at once (flushing the buffer); -1 hands the choice back to the bandwidth estimate.
    hls.current.currentLevel = level;
    setChosenLevel(level);
  }, []);

  return { hls, renditions, chosenLevel, playing, chooseLevel };
}
