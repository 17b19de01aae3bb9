import type { Faq } from '@sideline/contract/channel';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { faqQueryOptions, useFaq } from '@/features/channel/api/get-faq';
import { PageContent } from '@/features/channel/components/page-content';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { queryClient } from '@/lib/query-client';
import { DefaultActions } from './coming-soon';
import styles from './info.module.css';

export const loader = async () => {
  await queryClient.ensureQueryData(faqQueryOptions());
  return null;
};

const byPosition = (a: Faq, b: Faq) => a.position - b.position;

/** The channel's questions and answers, each one a disclosure. */
export function FaqView() {
  const { t } = useTranslation('views');
  const faq = useFaq();
  const title = t('faq.title');
  useDocumentTitle(title);
  if (faq.length === 0) {
    return (
      <div className="container">
        <EmptyState title={title} message={t('faq.empty')} actions={<DefaultActions />} />
      </div>
    );
  }
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.faq}>
        {[...faq].sort(byPosition).map((item) => (
          <details key={item.id} className={styles.question}>
            <summary>{item.question}</summary>
            <PageContent html={item.answer} />
          </details>
        ))}
      </div>
    </div>
  );
}
