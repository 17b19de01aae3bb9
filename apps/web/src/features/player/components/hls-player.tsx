import type Hls from 'hls.js/light';
import {
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { useAutoplay } from '../hooks/use-autoplay';
import { useHls } from '../hooks/use-hls';
import { useLiveEdge } from '../hooks/use-live-edge';
import { useVideoAnalytics } from '../hooks/use-video-analytics';
import { takeWarmVideo } from '../hooks/warm-stream';
import type { PlayerAnalytics, PlayerSource } from '../types';
import { clampSeek, playerKeyAction } from '../utils/player-keys';
import { defineMediaChrome } from './media-chrome-controls';
import styles from './player.module.css';
import { QualitySelect } from './quality-select';

export type HlsPlayerProps = {
  source: PlayerSource;
  /** Names the player for assistive technology, e.g. the game's teams. */
  title: string;
  onEnded?: () => void;
  onFatalError: (details: string) => void;
  analytics?: PlayerAnalytics;
  /** Hands the hls.js instance and the video element out, for the stream check's figures. */
  onReady?: (hls: RefObject<Hls | null>, video: RefObject<HTMLVideoElement | null>) => void;
  compact?: boolean;
  /** The game's picture, shown in the player until its first frame (not a black box). */
  poster?: string | null | undefined;
};

const PLAYBACK_RATES = '0.5 0.75 1 1.25 1.5 2';
/** The longest the controls wait for the first frame (autoplay refused, a slow stream) before they appear. */
const CONTROLS_AT_LATEST_MS = 1000;

/**
 * media-chrome's controls, defined once the video plays, the fan reaches for the player, or a second has gone by,
 * whichever comes first (see media-chrome-controls.ts).
 */
function useDeferredControls(video: RefObject<HTMLVideoElement | null>, region: RefObject<HTMLElement | null>) {
  const lng = useLanguage();
  const { t } = useTranslation('player');
  const labels = useRef({ lng, t });
  labels.current = { lng, t };
  const [defined, setDefined] = useState(false);
  useEffect(() => {
    const media = video.current;
    const area = region.current;
    let mounted = true;
    const define = () => {
      cleanup();
      defineMediaChrome(labels.current.lng, labels.current.t).then(
        () => mounted && setDefined(true),
        () => undefined,
      );
    };
    const timer = setTimeout(define, CONTROLS_AT_LATEST_MS);
    const cleanup = () => {
      clearTimeout(timer);
      media?.removeEventListener('playing', define);
      area?.removeEventListener('pointerdown', define);
      area?.removeEventListener('focusin', define);
    };
    media?.addEventListener('playing', define);
    area?.addEventListener('pointerdown', define);
    area?.addEventListener('focusin', define);
    return () => {
      mounted = false;
      cleanup();
    };
  }, [video, region]);
  return defined;
}

/**
 * Puts the player's <video> in the controller, before any effect uses it: the warm start's element when one is
 * loading this source (its first frame may be decoded already), a new one otherwise. Not rendered by React, so
 * the element can come from outside; the same one stays through the player's life.
 */
function useMediaElement(
  region: RefObject<HTMLElement | null>,
  video: RefObject<HTMLVideoElement | null>,
  url: string,
  poster: string | null | undefined,
) {
  const element = useRef<HTMLVideoElement | null>(null);
  const firstUrl = useRef(url);
  // The first one given: the element stays through the player's life.
  const firstPoster = useRef(poster);
  useLayoutEffect(() => {
    const controller = region.current;
    if (!controller) return;
    element.current ??= takeWarmVideo(firstUrl.current) ?? document.createElement('video');
    const media = element.current;
    media.slot = 'media';
    media.playsInline = true;
    media.preload = 'auto';
    media.className = styles.video ?? '';
    media.tabIndex = -1;
    // Before a frame is decoded the fan sees the game's picture; the browser hides it at the first frame.
    if (firstPoster.current && !media.poster) media.poster = firstPoster.current;
    controller.prepend(media);
    video.current = media;
    return () => {
      media.remove();
      video.current = null;
    };
  }, [region, video]);
  // A picture known only after the player appeared (the game's details came after its playback) still shows until
  // the first frame.
  useEffect(() => {
    const media = element.current;
    if (poster && media && !media.poster && media.readyState < HTMLMediaElement.HAVE_CURRENT_DATA)
      media.poster = poster;
  }, [poster]);
}

/**
 * The player: hls.js under media-chrome's controls. Play and pause, seeking (not during an advertisement),
 * volume, quality, playback speed (on demand), picture in picture and full screen, keyboard shortcuts; for live
 * games a live badge, rewinding within the window and a jump back to live.
 */
export function HlsPlayer({
  source,
  title,
  onEnded,
  onFatalError,
  analytics,
  onReady,
  compact,
  poster,
}: HlsPlayerProps) {
  const { t } = useTranslation('player');
  const video = useRef<HTMLVideoElement>(null);
  const region = useRef<HTMLElement>(null);
  useMediaElement(region, video, source.url, poster);
  const controls = useDeferredControls(video, region);
  const shortcutsId = useId();
  const ad = source.kind === 'ad';
  const live = source.kind === 'live';

  const { hls, renditions, chosenLevel, playing, chooseLevel } = useHls(video, source, {
    onFatalError,
    onRenditionChange: (r) =>
      !ad &&
      analytics?.videoEvent('rendition_change', video.current?.currentTime ?? 0, {
        height: r.height,
        bitrate: r.bitrate,
      }),
  });
  const { mutedByPolicy, unmute } = useAutoplay(video, source.url);
  const { atEdge, jumpToLive } = useLiveEdge(video, hls, live);
  useVideoAnalytics(video, source, analytics);

  useEffect(() => onReady?.(hls, video), [onReady, hls]);

  // media-chrome names its region "video player" as it connects (once defined); ours says which game it plays.
  const label = t('player.label', { title });
  useEffect(() => {
    if (controls) region.current?.setAttribute('aria-label', label);
  }, [label, controls]);

  // media-chrome reads the rewind window from the media element (a property players like hls-video set).
  useEffect(() => {
    const media = video.current as (HTMLVideoElement & { targetLiveWindow?: number }) | null;
    if (!media) return;
    media.targetLiveWindow = live ? (source.liveWindowS ?? Number.POSITIVE_INFINITY) : Number.NaN;
    media.dispatchEvent(new Event('targetlivewindowchange'));
  }, [live, source.liveWindowS]);

  const endedRef = useRef(onEnded);
  endedRef.current = onEnded;
  useEffect(() => {
    const media = video.current;
    if (!media) return;
    const ended = () => endedRef.current?.();
    media.addEventListener('ended', ended);
    return () => media.removeEventListener('ended', ended);
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const media = video.current;
      const target = event.target as HTMLElement;
      if (!media || target.closest('select')) return;
      const onSlider = !!target.closest('media-time-range, media-volume-range, input[type="range"]');
      const onControl = onSlider || (target !== region.current && target !== media);
      const action = playerKeyAction(event.key, {
        onControl,
        onSlider,
        modifier: event.ctrlKey || event.altKey || event.metaKey,
      });
      if (!action || (ad && action.type === 'seek')) return;
      event.preventDefault();
      if (action.type === 'toggle') void (media.paused ? media.play().catch(() => undefined) : media.pause());
      else if (action.type === 'seek') media.currentTime = clampSeek(media.currentTime + action.by, media.seekable);
      else if (action.type === 'volume') media.volume = Math.min(1, Math.max(0, media.volume + action.by));
      else if (action.type === 'mute') media.muted = !media.muted;
      else if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      else void region.current?.requestFullscreen?.().catch(() => undefined);
    },
    [ad],
  );

  return (
    // Keys pressed anywhere in the player (the region below, or one of its controls) reach this handler.
    // biome-ignore lint/a11y/noStaticElementInteractions: the focusable player region is inside
    <div
      className={compact ? `${styles.player} ${styles.compact}` : styles.player}
      onKeyDown={onKeyDown}
      data-kind={source.kind}
    >
      <p id={shortcutsId} className="sr-only">
        {t('player.shortcuts')}
      </p>
      <media-controller
        ref={region}
        aria-describedby={shortcutsId}
        nohotkeys=""
        className={styles.controller}
        defaultstreamtype={live ? 'live' : 'on-demand'}
      >
        {/* The <video> goes first here, put in by useMediaElement. */}
        <media-loading-indicator slot="centered-chrome" noautohide="" />
        {/* Kept in sight while the controls hide: what is playing, and the way to hear it. */}
        <div slot="top-chrome" noautohide="" className={styles.topBar}>
          {ad && (
            <span className={styles.pill}>
              <span className={styles.adLabel}>{t('player.ad')}</span>
              <span>{t('player.adNotice')}</span>
            </span>
          )}
          {live && (
            <span className={`${styles.pill} ${styles.liveBadge}`} data-at-edge={atEdge}>
              {t('player.live')}
            </span>
          )}
          {mutedByPolicy && (
            <button type="button" className={styles.unmute} onClick={unmute}>
              {t('player.unmute')}
            </button>
          )}
        </div>
        {/* The seek bar has a row of its own, as on the players fans know, so the buttons' row fits a phone. */}
        {!ad && (
          <media-control-bar className={styles.seekRow}>
            <media-time-range />
            {!live && <media-time-display showduration="" />}
          </media-control-bar>
        )}
        <media-control-bar className={styles.bar}>
          <media-play-button />
          {/* An advertisement cannot be sought: its time, how long it has left, sits with the buttons. */}
          {ad && !live && <media-time-display showduration="" />}
          <media-mute-button />
          <media-volume-range />
          {live && (
            // On a narrow player only the short label shows; the button's name stays the whole phrase.
            <button
              type="button"
              className={styles.goLive}
              onClick={jumpToLive}
              disabled={atEdge}
              aria-label={t('player.goLive')}
            >
              <span className={styles.goLiveLong}>{t('player.goLive')}</span>
              <span className={styles.goLiveShort}>{t('player.live')}</span>
            </button>
          )}
          <span className={styles.spacer} />
          {source.kind === 'vod' && <media-playback-rate-button rates={PLAYBACK_RATES} />}
          {!ad && (
            <QualitySelect renditions={renditions} chosenLevel={chosenLevel} playing={playing} onChoose={chooseLevel} />
          )}
          <media-pip-button />
          <media-fullscreen-button />
        </media-control-bar>
      </media-controller>
    </div>
  );
}
