import { useEffect } from 'react';
import { channelFile } from '@/config/channel';

/**
 * The tab title: "<title> · <channel>", the channel alone for null, or exactly `title` with `exact` (the spec
 * names the not-found page's title word for word). `undefined` leaves the title to the enclosing view.
 */
export function useDocumentTitle(title: string | null | undefined, { exact = false } = {}) {
  useEffect(() => {
    if (title === undefined) return;
    const name = channelFile().name;
    document.title = exact && title ? title : title ? `${title} · ${name}` : name;
  }, [title, exact]);
}
