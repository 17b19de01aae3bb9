import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_SCOPE } from '@/lib/query-client';

export type AuditFilters = { action?: string; actor?: string; from?: string; to?: string };
export const AUDIT_PAGE_SIZE = 20;

/** `GET /console/audit`, one page, newest first; the page shown stays while the next one loads. */
export function useAuditLog(filters: AuditFilters, offset: number) {
  return useQuery({
    queryKey: [SESSION_SCOPE, 'console', 'audit', filters, offset],
    queryFn: () => api.get('/console/audit', { query: { ...filters, offset, limit: AUDIT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}
