import { describe, expect, it } from 'vitest';
import { isConnectionLoss, isUniqueViolation } from './storage-errors';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('a lost database connection', () => {
  it('is told by its code, also when drizzle wraps it', () => {
    expect(isConnectionLoss(coded('CONNECTION_CLOSED'))).toBe(true);
    expect(isConnectionLoss(coded('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isConnectionLoss(coded('ECONNREFUSED'))).toBe(true);
    expect(isConnectionLoss(new Error('Failed query: update …', { cause: coded('CONNECTION_CLOSED') }))).toBe(true);
  });

  it('is not a query error, a disk fault or a defect', () => {
    expect(isConnectionLoss(coded('23505', 'duplicate key'))).toBe(false);
    expect(isConnectionLoss(coded('ENOSPC', 'No space left on device'))).toBe(false);
    expect(isConnectionLoss(new TypeError("Cannot read properties of null (reading 'write')"))).toBe(false);
    expect(isConnectionLoss(undefined)).toBe(false);
    expect(isConnectionLoss('CONNECTION_CLOSED')).toBe(false);
  });
});

describe('a unique index refusing a write', () => {
  it('is told by SQLSTATE 23505, bare or wrapped by drizzle', () => {
    expect(isUniqueViolation(coded('23505', 'duplicate key'))).toBe(true);
    expect(isUniqueViolation(new Error('Failed query: update …', { cause: coded('23505') }))).toBe(true);
    expect(isUniqueViolation(coded('23503', 'foreign key'))).toBe(false);
    expect(isUniqueViolation(new Error('Failed query', { cause: coded('CONNECTION_CLOSED') }))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
