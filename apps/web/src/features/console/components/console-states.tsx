import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon } from '@/components/ui/icons';

// The console's own loading and failure notes: the fan views' shared ones would pull the console into the chunks
// a fan's first page loads (the build groups shared modules by the views that use them).

/** A section still loading: said once to screen readers. */
export function ConsoleLoading({ label }: { label: string }) {
  return (
    <p role="status" aria-busy="true">
      {label}
    </p>
  );
}

/** A section that could not load, with a retry. */
export function ConsoleLoadError({ onRetry, level = 2 }: { onRetry: () => void; level?: 1 | 2 }) {
  const { t } = useTranslation('console');
  return (
    <EmptyState
      level={level}
      icon={<AlertIcon width={30} height={30} />}
      title={t('console.loadErrorTitle')}
      message={t('console.loadErrorMessage')}
      actions={
        <button type="button" className="button button-solid" onClick={onRetry}>
          {t('console.retry')}
        </button>
      }
    />
  );
}
