import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '@/components/ui/empty-note';
import { useSearchVodMedia } from '../api/search-vod-media';
import { LibraryError } from './library-error';
import { VodGrid } from './vod-grid';
import styles from './vod-library.module.css';
import { VodPager } from './vod-pager';

/** The library's search form; the text is the address's `q` (the route keeps it). */
export function LibrarySearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('vod');
  const [text, setText] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search>
      <form className={styles.search} onSubmit={submit}>
        <label htmlFor="vod-search" className="sr-only">
          {t('library.search.label')}
        </label>
        <input
          id="vod-search"
          type="search"
          className={styles.input}
          value={text}
          maxLength={100}
          placeholder={t('library.search.placeholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="button button-solid">
          {t('library.search.submit')}
        </button>
        {q && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            {t('library.search.clear')}
          </button>
        )}
      </form>
    </search>
  );
}

/** A search's results, 10 a page. */
export function LibrarySearchResults({
  q,
  offset,
  onOffset,
}: {
  q: string;
  offset: number;
  onOffset: (o: number) => void;
}) {
  const { t } = useTranslation('vod');
  const { data, status, refetch } = useSearchVodMedia({ title: q, offset });
  return (
    <section className={styles.section} aria-labelledby="vod-results" aria-busy={status === 'pending'}>
      <h2 id="vod-results" className={styles.heading}>
        {t('library.search.heading', { query: q })}
      </h2>
      {status === 'error' ? (
        <LibraryError onRetry={() => void refetch()} />
      ) : data ? (
        data.meta.total === 0 ? (
          <EmptyNote>{t('library.search.none', { query: q })}</EmptyNote>
        ) : (
          <>
            <p className={styles.count}>{t('library.search.count', { count: data.meta.total })}</p>
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
