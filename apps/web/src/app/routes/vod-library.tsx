import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useVodCategories } from '@/features/vod/api/get-vod-categories';
import { LibraryCategoryFilter, LibraryCategoryItems } from '@/features/vod/components/library-category';
import { LibraryRails } from '@/features/vod/components/library-rails';
import { LibrarySearchBox, LibrarySearchResults } from '@/features/vod/components/library-search';
import styles from '@/features/vod/components/vod-library.module.css';
import { useDocumentTitle } from '@/hooks/use-document-title';

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
        <LibrarySearchBox key={q} q={q} onSearch={(text) => set({ q: text, category: null })} />
        {!q && !!categories.data?.length && (
          <LibraryCategoryFilter
            categories={categories.data}
            chosen={chosen?.id ?? null}
            onChoose={(id) => set({ category: id })}
          />
        )}
      </header>
      {q ? (
        <LibrarySearchResults q={q} offset={offset} onOffset={(o) => set({ offset: o })} />
      ) : chosen ? (
        <LibraryCategoryItems category={chosen} offset={offset} onOffset={(o) => set({ offset: o })} />
      ) : (
        <LibraryRails />
      )}
    </div>
  );
}
