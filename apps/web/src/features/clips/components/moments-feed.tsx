import type { ClipListItem } from '@sideline/contract/clips';
import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useMoments } from '../api/get-moments';
import { feedPreload, feedStep } from '../utils/feed-keys';
import { ClipTags } from './clip-tags';
import { ClipVideo } from './clip-video';
import styles from './moments-feed.module.css';

type Props = {
  describeGame: (event: ClipListItem['event']) => string;
  /** What the page shows while the channel has no clips yet (it names the page itself). */
  empty: ReactNode;
};

/** Which clip fills the feed's screen: the one most in view, as the fan scrolls. */
function useActiveItem(list: RefObject<HTMLElement | null>, count: number, onChange: (index: number) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the items are observed again when their number changes
  useEffect(() => {
    const root = list.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) onChange(Number((entry.target as HTMLElement).dataset.index));
        }
      },
      { root, threshold: 0.6 },
    );
    for (const item of root.querySelectorAll('[data-index]')) observer.observe(item);
    return () => observer.disconnect();
  }, [list, count, onChange]);
}

/**
 * The feed's height: the screen below the channel's header, whose height depends on the channel (its menu may
 * wrap to two rows), so it is measured rather than assumed.
 */
function useScreenHeight(list: RefObject<HTMLElement | null>, shown: boolean) {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!shown) return;
    const measure = () => {
      const element = list.current;
      if (element) setTop(Math.max(0, element.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [list, shown]);
  return top === null ? undefined : `calc(100dvh - ${top}px)`;
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Moments: the channel's latest clips, one per screen (scroll snapping). The clip in view plays muted (browsers
 * allow that without a gesture) until the fan turns the sound on; the next one loads ahead. Arrow keys, J and K
 * and the buttons move between clips.
 */
export function MomentsFeed({ describeGame, empty }: Props) {
  const { t } = useTranslation('clips');
  const moments = useMoments();
  const clips = moments.data ?? [];
  const list = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [active, setActive] = useState(0);
  const [muted, setMuted] = useState(true);

  const onVisible = useCallback((index: number) => setActive(index), []);
  useActiveItem(list, clips.length, onVisible);
  const height = useScreenHeight(list, clips.length > 0);

  const go = useCallback(
    (index: number) => {
      const target = Math.max(0, Math.min(clips.length - 1, index));
      setActive(target);
      list.current
        ?.querySelector(`[data-index="${target}"]`)
        ?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    },
    [clips.length],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const step = feedStep(event.key, {
        modifier: event.ctrlKey || event.altKey || event.metaKey,
        typing: !!target?.closest('input, textarea, select, [contenteditable="true"]'),
      });
      if (step === null) return;
      event.preventDefault();
      go(active + step);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, go]);

  // Only the clip in view plays; the others wait. Again when the list changes (new videos).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the videos are looked up again when their number changes
  useEffect(() => {
    const videos = list.current?.querySelectorAll<HTMLVideoElement>('video') ?? [];
    videos.forEach((video, index) => {
      if (index === active) void video.play().catch(() => undefined);
      else video.pause();
    });
  }, [active, clips.length]);

  if (moments.isPending) return <div className={styles.feed} aria-busy="true" />;
  if (clips.length === 0) return empty;

  return (
    <section className={styles.wrap} aria-labelledby={titleId}>
      <h1 id={titleId} className="sr-only">
        {t('clips.moments.title')}
      </h1>
      <p className="sr-only">{t('clips.moments.hint')}</p>
      <div ref={list} className={styles.feed} style={{ height }}>
        {clips.map((clip, index) => (
          <article
            key={clip.id}
            className={styles.item}
            data-index={index}
            data-active={index === active}
            aria-label={t('clips.moments.position', { current: index + 1, total: clips.length })}
          >
            <ClipVideo
              clip={clip}
              className={styles.video}
              muted={muted}
              loop
              autoPlay={index === active}
              preload={feedPreload(index, active)}
            />
            <div className={styles.info}>
              <h2 className={styles.name}>{clip.name}</h2>
              <p className={styles.game}>
                <Link to={paths.watch.href(clip.event_id)}>{describeGame(clip.event)}</Link>
              </p>
              <ClipTags tags={clip.tags} className={styles.tags} />
            </div>
          </article>
        ))}
      </div>
      <div className={styles.controls}>
        <button type="button" className={styles.control} aria-pressed={!muted} onClick={() => setMuted((m) => !m)}>
          {muted ? t('clips.moments.soundOn') : t('clips.moments.soundOff')}
        </button>
        <button
          type="button"
          className={styles.control}
          onClick={() => go(active - 1)}
          disabled={active === 0}
          aria-label={t('clips.moments.previous')}
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          className={styles.control}
          onClick={() => go(active + 1)}
          disabled={active >= clips.length - 1}
          aria-label={t('clips.moments.next')}
        >
          <span aria-hidden="true">↓</span>
        </button>
      </div>
      <p className="sr-only" aria-live="polite">
        {t('clips.moments.position', { current: active + 1, total: clips.length })}
      </p>
    </section>
  );
}
