import type { QueryClient } from '@tanstack/react-query';
import { resetUser } from '@/features/auth/session';
import type { ApiHooks } from '@/lib/api-client';
import { resetAppState } from '@/lib/app-reset';
import { reportError } from '@/lib/error-reporting';
import { i18next } from '@/lib/i18n';
import { toast } from '@/lib/toast';

/** How the app answers what the API client reports. */
export function apiHooks(queryClient: QueryClient): ApiHooks {
  return {
    onUnauthorized: () => resetUser(queryClient),
    // A global error, shown once however many requests hit the limit together.
    onRateLimited: () => toast.error(i18next.t('errors.tooManyRequests'), { id: 'rate-limited' }),
    onKeyReset: () => resetAppState(queryClient),
    report: (error) => reportError(error, { url: error.url, status: error.status, code: error.code }),
  };
}
