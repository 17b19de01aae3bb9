import type { VodCategory } from '@sideline/contract/vod';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '@/components/ui/empty-note';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadingPlaceholder } from '@/components/ui/loading-placeholder';
import { useVodCategories } from '@/features/vod/api/get-vod-categories';
import { useVodMediaItems } from '@/features/vod/api/get-vod-media-items';
import { useVodRails } from '@/features/vod/api/get-vod-rails';
import { useSearchVodMedia } from '@/features/vod/api/search-vod-media';
import { VodGrid } from '@/features/vod/components/vod-grid';
import { VodPager } from '@/features/vod/components/vod-pager';
import { useDocumentTitle } from '@/hooks/use-document-title';
import styles from './vod-library.module.css';
import { VodRail } from './vod-rail';

/** A category's videos come in pages of this many: whole rows of 2, 3 and 4 cards. */
const CATEGORY_PAGE_SIZE = 12;

/** The search text, category and page live in the address, so Back and a shared link keep them. */
function useLibraryParams() {
  const [params, setParams] = useSearchParams();
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const category = Number(params.get('category')) || null;
  const q = params.get('q')?.trim() ?? '';
  const set = (next: { q?: string; category?: number | null; offset?: number }) => {
    const merged = { q, category, offset: 0, ...next };
    const out = new URLSearchParams();
    if (merged.q) out.set('q', merged.q);
    if (merged.category) out.set('category', String(merged.category));
    if (merged.offset) out.set('offset', String(merged.offset));
    setParams(out);
  };
  return { q, category, offset, set };
}

function ErrorState({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('vod');
  return (
    <LoadError
      level={2}
      title={t('library.errorTitle')}
      message={t('library.errorMessage')}
      retry={t('library.retry')}
      onRetry={onRetry}
    />
  );
}

function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
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

function SearchResults({ q, offset, onOffset }: { q: string; offset: number; onOffset: (o: number) => void }) {
  const { t } = useTranslation('vod');
  const { data, status, refetch } = useSearchVodMedia({ title: q, offset });
  return (
    <section className={styles.section} aria-labelledby="vod-results" aria-busy={status === 'pending'}>
      <h2 id="vod-results" className={styles.heading}>
        {t('library.search.heading', { query: q })}
      </h2>
      {status === 'error' ? (
        <ErrorState onRetry={() => void refetch()} />
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

function CategoryFilter({
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

function CategoryItems({
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
        <ErrorState onRetry={() => void refetch()} />
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

function Rails() {
  const { t } = useTranslation('vod');
  const { data, status, refetch } = useVodRails();
  if (status === 'pending') {
    return <LoadingPlaceholder className={styles.placeholder} label={t('library.loading')} />;
  }
  if (status === 'error') return <ErrorState onRetry={() => void refetch()} />;
  const rails = data.filter((r) => r.vod_media_items.length > 0);
  if (!rails.length) {
    return <EmptyState level={2} title={t('library.emptyTitle')} message={t('library.emptyMessage')} />;
  }
  return (
    <div className={styles.rails}>
      {rails.map((rail, i) => (
        <VodRail key={rail.id} rail={rail} eager={i === 0} />
      ))}
    </div>
  );
}

/**
 * `/vod_library`: the channel's on-demand library. Its rails by default; a category's videos when one is chosen;
 * search results (10 a page) when the fan searches. Every card leads to the video's player page.
 */
export function VodLibraryView() {
  const { t } = useTranslation('vod');
  useDocumentTitle(t('library.title'));
  const { q, category, offset, set } = useLibraryParams();
  const categories = useVodCategories();
  const chosen = categories.data?.find((c) => c.id === category) ?? null;
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.top}>
        <h1 className={styles.pageTitle}>{t('library.title')}</h1>
        <p className={styles.intro}>{t('library.intro')}</p>
        <SearchBox key={q} q={q} onSearch={(text) => set({ q: text, category: null })} />
        {!q && !!categories.data?.length && (
          <CategoryFilter
            categories={categories.data}
            chosen={chosen?.id ?? null}
            onChoose={(id) => set({ category: id })}
          />
        )}
      </header>
      {q ? (
        <SearchResults q={q} offset={offset} onOffset={(o) => set({ offset: o })} />
      ) : chosen ? (
        <CategoryItems category={chosen} offset={offset} onOffset={(o) => set({ offset: o })} />
      ) : (
        <Rails />
      )}
    </div>
  );
}
