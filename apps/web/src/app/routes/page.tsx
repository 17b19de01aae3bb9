import { type LoaderFunctionArgs, replace, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { pageQueryOptions, usePage } from '@/features/channel/api/get-page';
import { PageContent } from '@/features/channel/components/page-content';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { queryClient } from '@/lib/query-client';
import styles from './info.module.css';

/** The page list's `url` of the page at this address. */
const pageUrl = (pathname: string) => pathname.replace(/^\/+|\/+$/g, '');

/** A page the channel does not have is a not-found page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = await queryClient.ensureQueryData(pageQueryOptions(pageUrl(new URL(request.url).pathname)));
  if (!page) throw replace(paths.notFound.href());
  return null;
}

/** One of the channel's own pages (about, privacy policy, terms, and the extra ones of its page list). */
export function ChannelPageView() {
  const page = usePage(pageUrl(useLocation().pathname));
  useDocumentTitle(page?.name ?? null);
  if (!page) return null;
  return (
    <div className={`container ${styles.page}`}>
      <article>
        {/* The page's HTML opens with its own headline, so the page's name is the label above it. */}
        <h1 className={styles.kicker}>{page.name}</h1>
        <PageContent html={page.content} />
      </article>
    </div>
  );
}
