import { useLocation } from 'react-router';

/**
 * The `token` of an e-mailed link (`?token=`), or null. Read from the location rather than `useSearchParams`,
 * whose code would otherwise ride in the first chunk (the router lives there) for these pages alone.
 */
export function useTokenParam(): string | null {
  return new URLSearchParams(useLocation().search).get('token');
}
