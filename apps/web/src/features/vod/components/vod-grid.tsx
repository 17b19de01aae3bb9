import type { VodMediaItem } from '@sideline/contract/vod';
import { VodCard } from './vod-card';
import styles from './vod-grid.module.css';

/** Library cards in a responsive grid (search results, a category). */
export function VodGrid({ items, headingLevel = 3 }: { items: readonly VodMediaItem[]; headingLevel?: 3 | 4 }) {
  return (
    <ul className={styles.grid}>
      {items.map((item, index) => (
        <li key={item.id}>
          <VodCard item={item} eager={index < 4} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
