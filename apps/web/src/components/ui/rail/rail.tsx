import { CARD_MAX_WIDTH_PX, CARD_MIN_WIDTH_PX } from '@sideline/contract/constants';
import { type CSSProperties, type ReactNode, useEffect, useId } from 'react';
import { EmptyNote } from '../empty-note';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons';
import styles from './rail.module.css';
import { useRail } from './use-rail';

const cardWidths = { '--card-min': `${CARD_MIN_WIDTH_PX}px`, '--card-max': `${CARD_MAX_WIDTH_PX}px` } as CSSProperties;

type Props = {
  title: string;
  /** h2 on a page of rails, h3 inside a section. */
  headingLevel?: 2 | 3;
  /** The arrow buttons' names for screen readers, e.g. "Previous games in Live now". */
  previousLabel: string;
  nextLabel: string;
  /** A timed glide for the arrow buttons, e.g. the on-demand rails' 5000 ms; the browser's smooth scroll otherwise. */
  scrollMs?: number | undefined;
  /** The cards on the track, undefined while loading: the arrows depend on how much overflows, which changes with it. */
  count: number | undefined;
  /** Links and controls in the header, after the title ("see all", a filter). */
  extras?: ReactNode;
  /** Said in the track's place (a rail with nothing in it). */
  empty?: ReactNode;
  /** The track's items: `<li>`s, each holding a card. */
  children: ReactNode;
};

/**
 * A titled, horizontally scrolling row of cards, with labelled arrow buttons that move by the cards in view (hidden
 * on phones, which swipe). Game rails and the library's rails are this with their own cards.
 */
export function Rail({
  title,
  headingLevel = 2,
  previousLabel,
  nextLabel,
  scrollMs,
  count,
  extras,
  empty,
  children,
}: Props) {
  const headingId = useId();
  const { ref, edges, scroll, refresh } = useRail<HTMLUListElement>(scrollMs);
  const Heading = `h${headingLevel}` as const;
  useEffect(() => {
    if (count !== undefined) refresh();
  }, [count, refresh]);

  return (
    <section className={styles.rail} aria-labelledby={headingId} aria-busy={count === undefined ? true : undefined}>
      <header className={styles.header}>
        <Heading id={headingId} className={styles.title}>
          {title}
        </Heading>
        {extras}
        {!!count && (edges.back || edges.forward) && (
          <div className={styles.arrows}>
            <button type="button" className={styles.arrow} onClick={() => scroll(-1)} disabled={!edges.back}>
              <ChevronLeftIcon />
              <span className="sr-only">{previousLabel}</span>
            </button>
            <button type="button" className={styles.arrow} onClick={() => scroll(1)} disabled={!edges.forward}>
              <ChevronRightIcon />
              <span className="sr-only">{nextLabel}</span>
            </button>
          </div>
        )}
      </header>
      {empty !== undefined ? (
        <EmptyNote>{empty}</EmptyNote>
      ) : (
        <ul ref={ref} className={styles.track} style={cardWidths}>
          {children}
        </ul>
      )}
    </section>
  );
}
