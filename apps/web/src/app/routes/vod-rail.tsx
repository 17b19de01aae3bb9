import { CARD_MAX_WIDTH_PX, CARD_MIN_WIDTH_PX, VOD_RAIL_SCROLL_MS } from '@sideline/contract/constants';
import type { VodRail as Rail } from '@sideline/contract/vod';
import { type CSSProperties, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { useRail } from '@/features/events/hooks/use-rail';
import { VodCard } from '@/features/vod/components/vod-card';
import styles from './vod-rail.module.css';

const cardWidths = { '--card-min': `${CARD_MIN_WIDTH_PX}px`, '--card-max': `${CARD_MAX_WIDTH_PX}px` } as CSSProperties;

/**
 * A library rail: a titled, horizontally scrolling row of video cards whose arrows glide by whole cards over
 * VOD_RAIL_SCROLL_MS, as the on-demand game rail does (the events feature's rail hook, composed here in the app).
 */
export function VodRail({ rail, eager }: { rail: Rail; eager: boolean }) {
  const { t } = useTranslation('vod');
  const headingId = useId();
  const { ref, edges, scroll, refresh } = useRail<HTMLUListElement>(VOD_RAIL_SCROLL_MS);
  const count = rail.vod_media_items.length;
  useEffect(() => {
    if (count) refresh();
  }, [count, refresh]);
  if (!count) return null;
  return (
    <section className={styles.rail} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {rail.title}
        </h2>
        {(edges.back || edges.forward) && (
          <div className={styles.arrows}>
            <button type="button" className={styles.arrow} onClick={() => scroll(-1)} disabled={!edges.back}>
              <ChevronLeftIcon />
              <span className="sr-only">{t('library.railPrevious', { title: rail.title })}</span>
            </button>
            <button type="button" className={styles.arrow} onClick={() => scroll(1)} disabled={!edges.forward}>
              <ChevronRightIcon />
              <span className="sr-only">{t('library.railNext', { title: rail.title })}</span>
            </button>
          </div>
        )}
      </header>
      <ul ref={ref} className={styles.track} style={cardWidths}>
        {rail.vod_media_items.map((item, index) => (
          <li key={item.id}>
            <VodCard item={item} eager={eager && index < 3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
