import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import styles from './page-content.module.css';

/**
 * A channel page's HTML. The server sanitized it before storing it (contract: `safeHtmlSchema`), so it is set
 * as is; clicks on links to this site's own pages stay in the app instead of reloading it.
 */
export function PageContent({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element).closest('a');
      const href = link?.getAttribute('href');
      if (!link || link.target || !href?.startsWith('/') || href.startsWith('//')) return;
      event.preventDefault();
      void navigate(href);
    };
    el.addEventListener('click', onClick);
    return () => el.removeEventListener('click', onClick);
  }, [navigate]);

  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes page HTML before storing it.
  return <div ref={ref} className={styles.prose} dangerouslySetInnerHTML={{ __html: html }} />;
}
