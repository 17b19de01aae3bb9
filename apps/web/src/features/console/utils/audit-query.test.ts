import { describe, expect, it } from 'vitest';
import { compactJson, readAuditSearch, toAuditFilters, writeAuditSearch } from './audit-query';

describe('the audit page’s address', () => {
  it('round-trips its filters and offset, leaving out what is empty', () => {
    const search = { action: 'branding.update', actor: '', from: '2026-12-01', to: '', offset: 40 };
    const params = writeAuditSearch(search);
    expect(params.toString()).toBe('action=branding.update&from=2026-12-01&offset=40');
    expect(readAuditSearch(params)).toEqual(search);
  });

  it('reads a broken offset as the first page', () => {
    expect(readAuditSearch(new URLSearchParams('offset=-3')).offset).toBe(0);
    expect(readAuditSearch(new URLSearchParams('offset=abc')).offset).toBe(0);
  });

  it('asks the API for whole days, from the first to the last millisecond', () => {
    const filters = toAuditFilters({ action: ' ', actor: 'owner@', from: '2026-12-01', to: '2026-12-03', offset: 0 });
    expect(filters.action).toBeUndefined();
    expect(filters.actor).toBe('owner@');
    expect(new Date(filters.from as string).getTime()).toBe(new Date(2026, 11, 1).getTime());
    expect(new Date(filters.to as string).getTime()).toBe(new Date(2026, 11, 4).getTime() - 1);
  });

  it('shows a change’s values as one line, none as null', () => {
    expect(compactJson({ colors: { 'primary-color': '#123456' } })).toBe('{"colors":{"primary-color":"#123456"}}');
    expect(compactJson(null)).toBeNull();
  });
});
