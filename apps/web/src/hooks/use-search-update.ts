import { useCallback, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

type Latest = { rendered: string; params: URLSearchParams };

/**
 * The address's search params, and an update that applies to them as the previous update left them. React Router's
 * own functional update is given the params of the last render: a second change made before the page re-renders
 * (two quick picks, a busy phone) would drop the first (a sport lost when the school is picked).
 */
export function useSearchUpdate() {
  const [search, setSearch] = useSearchParams();
  const latest = useRef<Latest>({ rendered: search.toString(), params: search });
  // A new address rendered (ours once applied, or the back button's) is the base again; a render of the address we
  // already moved away from (one before the navigation committed) is not.
  if (latest.current.rendered !== search.toString()) latest.current = { rendered: search.toString(), params: search };

  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const next = change(new URLSearchParams(latest.current.params));
      latest.current = { ...latest.current, params: next };
      setSearch(next, options);
    },
    [setSearch],
  );
  return [search, update] as const;
}
