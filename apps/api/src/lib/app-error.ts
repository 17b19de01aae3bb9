import { CATALOGUE } from '@sideline/contract/error-catalogue';
import type { ErrorCode } from '@sideline/contract/errors';

export type ErrorDetail = { path: string; message: string };

/**
 * A field validation failure gives its details and names the first in its message; every other error says its
 * code's catalogue message, so no code can carry two different messages.
 */
export type AppErrorInit =
  | { status: 400; code: 'validation_failed'; details: [ErrorDetail, ...ErrorDetail[]]; field?: string }
  | { status: number; code: Exclude<ErrorCode, 'validation_failed'>; field?: string; details?: ErrorDetail[] };

/** The message of a validation failure: its first detail, place first (`body.email: ...`). */
export const validationMessage = (details: readonly ErrorDetail[]): string => {
  const first = details[0];
  return first ? `${first.path}: ${first.message}` : CATALOGUE.validation_failed;
};

/** An error meant for the client: the central handler sends exactly these fields, nothing internal. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly details: ErrorDetail[] | undefined;

  constructor(init: AppErrorInit) {
    super(init.code === 'validation_failed' ? validationMessage(init.details) : CATALOGUE[init.code]);
    this.name = 'AppError';
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.details = init.details;
  }
}

/** A code whose message is its catalogue's, as is. */
export type PlainErrorCode = Exclude<ErrorCode, 'validation_failed'>;

/** The common error body of a code, with its catalogue message (answers written outside the error handler). */
export const errorBodyOf = (status: number, code: PlainErrorCode) => ({
  error: { status, code, message: CATALOGUE[code] },
});
