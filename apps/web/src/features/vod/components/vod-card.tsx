import type { VodMediaItem } from '@sideline/contract/vod';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/lib/format';
import { posterOf } from '../utils/pages';
import styles from './vod-card.module.css';

type Props = {
  item: VodMediaItem;
  /** The first cards in view load their image at once; the others when scrolled near. */
  eager?: boolean;
  headingLevel?: 2 | 3 | 4;
};

/** A library video: its 16/9 poster, title and date; the whole card leads to its player page. */
export function VodCard({ item, eager = false, headingLevel = 3 }: Props) {
  const lng = useLanguage();
  const poster = posterOf(item.assets);
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {poster && (
          <img src={poster} alt="" width={640} height={360} loading={eager ? 'eager' : 'lazy'} decoding="async" />
        )}
      </div>
      <div className={styles.body}>
        <Heading className={styles.title}>
          <Link to={paths.watchLibrary.href(item.id)} className={styles.link}>
            {item.title}
          </Link>
        </Heading>
        <time className={styles.date} dateTime={item.date}>
          {formatDate(new Date(item.date), lng)}
        </time>
      </div>
    </article>
  );
}
