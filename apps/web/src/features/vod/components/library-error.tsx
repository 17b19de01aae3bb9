import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';

/** The library's load error, with a retry. */
export function LibraryError({ onRetry }: { onRetry: () => void }) {
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
