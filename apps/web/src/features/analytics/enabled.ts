import { storage } from '@/lib/storage';

/** Development machines, demos and tests: `localhost`, any `*.localhost`, loopback addresses. */
const LOCAL_HOST = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * Analytics run on real channel hosts only. `localStorage['sideline:analytics']` set to `on` turns them on
 * anywhere (for tests), `off` turns them off anywhere.
 */
export function analyticsEnabled(hostname: string = window.location.hostname): boolean {
  const flag = storage.get('analytics');
  if (flag === 'on' || flag === 'off') return flag === 'on';
  return !LOCAL_HOST.test(hostname);
}
