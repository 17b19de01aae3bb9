import type { EventsLayout } from '../stores/layout-store';
import styles from './event-skeletons.module.css';

/** Stable keys for placeholders that never move. */
const KEYS = 'abcdefghijklmnopqrstuvwx'.split('');

/** Placeholders in the shape of the cards or rows to come, so the page does not jump when they arrive. */
export function EventSkeletons({ layout, count = 8 }: { layout: EventsLayout; count?: number }) {
  if (layout.item === 'table') {
    return (
      <div className={styles.table} aria-hidden="true">
        {KEYS.slice(0, count).map((key) => (
          <div key={key} className={styles.row}>
            <span className={styles.bone} />
            <span className={styles.bone} />
            <span className={styles.bone} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <>
      {KEYS.slice(0, count).map((key) => (
        <li key={key} className={styles.card} data-layout={layout.list} aria-hidden="true">
          <span className={styles.media} />
          <span className={styles.lines}>
            <span className={styles.bone} />
            <span className={styles.bone} />
            <span className={styles.bone} />
          </span>
        </li>
      ))}
    </>
  );
}
