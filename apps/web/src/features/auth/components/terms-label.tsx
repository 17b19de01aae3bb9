import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';

const TAGGED = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A translated sentence with `<name>words</name>` parts turned into elements: translators keep the word order
 * of their language. (react-i18next's `Trans` does this too, but would add its code to the first chunk.)
 */
export function withTags(text: string, tags: Record<string, (words: string) => ReactNode>): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAGGED)) {
    const [whole, name = '', words = ''] = match;
    out.push(text.slice(last, match.index));
    out.push(tags[name]?.(words) ?? words);
    last = match.index + whole.length;
  }
  out.push(text.slice(last));
  return out;
}

/**
 * "I accept the terms and conditions and the privacy policy", with both pages as links. They open in a new tab,
 * so reading them never loses what the fan has typed.
 */
export function TermsLabel() {
  const { t } = useTranslation('accounts');
  const link = (href: string, key: string) => (words: string) => (
    <a key={key} href={href} target="_blank" rel="noopener noreferrer">
      {words}
    </a>
  );
  return (
    <>
      {withTags(t('auth.terms'), {
        terms: link(paths.termsConditions.href(), 'terms'),
        privacy: link(paths.privacyPolicy.href(), 'privacy'),
      })}{' '}
      <span className="sr-only">{t('auth.opensInNewTab')}</span>
    </>
  );
}
