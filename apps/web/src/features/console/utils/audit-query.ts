import type { AuditFilters } from '../api/audit-log';

/** The audit page's filters as the address holds them (`?action=…&actor=…&from=2026-12-01&to=…&offset=40`). */
export type AuditSearch = { action: string; actor: string; from: string; to: string; offset: number };

export function readAuditSearch(params: URLSearchParams): AuditSearch {
  const offset = Number(params.get('offset'));
  return {
    action: params.get('action') ?? '',
    actor: params.get('actor') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
  };
}

export function writeAuditSearch(search: AuditSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['action', 'actor', 'from', 'to'] as const)
    if (search[key].trim()) params.set(key, search[key].trim());
  if (search.offset > 0) params.set('offset', String(search.offset));
  return params;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The API's filters: a date field's day, in the operator's own time zone, from its first to its last millisecond
 * (so "to 3 December" includes the whole of that day).
 */
export function toAuditFilters(search: AuditSearch): AuditFilters {
  const filters: AuditFilters = {};
  if (search.action.trim()) filters.action = search.action.trim();
  if (search.actor.trim()) filters.actor = search.actor.trim();
  if (DAY.test(search.from)) filters.from = new Date(`${search.from}T00:00:00`).toISOString();
  if (DAY.test(search.to)) filters.to = new Date(`${search.to}T23:59:59.999`).toISOString();
  return filters;
}

/** A change's values as one short line of JSON; `null` (nothing before a creation, nothing after a removal) is a dash. */
export const compactJson = (value: Record<string, unknown> | null): string | null =>
  value === null ? null : JSON.stringify(value);
