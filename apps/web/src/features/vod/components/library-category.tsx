import type { VodCategory } from '@sideline/contract/vod';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '@/components/ui/empty-note';
import { useVodMediaItems } from '../api/get-vod-media-items';
import { LibraryError } from './library-error';
import { VodGrid } from './vod-grid';
import styles from './vod-library.module.css';
import { VodPager } from './vod-pager';

/** A category's videos come in pages of this many: whole rows of 2, 3 and 4 cards. */
const CATEGORY_PAGE_SIZE = 12;

/** The library's category chips, "all" first. */
export function LibraryCategoryFilter({
  categories,
  chosen,
  onChoose,
}: {
  categories: readonly VodCategory[];
  chosen: number | null;
  onChoose: (id: number | null) => void;
}) {
  const { t } = useTranslation('vod');
  const options = [{ id: null, name: t('library.allCategories') }, ...categories];
  return (
    <fieldset className={styles.categories}>
      <legend className="sr-only">{t('library.categories')}</legend>
      {options.map((c) => (
        <button
          key={c.id ?? 'all'}
          type="button"
          className={styles.chip}
          aria-pressed={chosen === c.id}
          onClick={() => onChoose(c.id)}
        >
          {c.name}
        </button>
      ))}
    </fieldset>
  );
}

/** A chosen category's videos, a page at a time. */
export function LibraryCategoryItems({
  category,
  offset,
  onOffset,
}: {
  category: VodCategory;
  offset: number;
  onOffset: (o: number) => void;
}) {
  const { t } = useTranslation('vod');
  const { data, status, refetch } = useVodMediaItems({
    category_id: category.id,
    offset,
    limit: CATEGORY_PAGE_SIZE,
  });
  return (
    <section className={styles.section} aria-labelledby="vod-category" aria-busy={status === 'pending'}>
      <h2 id="vod-category" className={styles.heading}>
        {category.name}
      </h2>
      {status === 'error' ? (
        <LibraryError onRetry={() => void refetch()} />
      ) : data ? (
        data.meta.total === 0 ? (
          <EmptyNote>{t('library.categoryEmpty')}</EmptyNote>
        ) : (
          <>
            <VodGrid items={data.data} />
            <VodPager total={data.meta.total} offset={data.meta.offset} limit={data.meta.limit} onOffset={onOffset} />
          </>
        )
      ) : (
        <div className={styles.placeholder} />
      )}
    </section>
  );
}
