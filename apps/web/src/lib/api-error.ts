import type { ErrorBody, ErrorCode } from '@sideline/contract/error-codes';
import { KEY_ERROR_CODES } from '@sideline/contract/error-codes';

type ErrorDetail = { path: string; message: string };

/** Codes the server sends, plus what can only happen on the client's side of the wire. */
export type ApiErrorCode = ErrorCode | 'timeout' | 'network_error' | 'invalid_response';

/** A failed call: `status` 0 means no answer (network error or timeout). `url` never carries the api key. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  // Copied from `init` by the constructor: declared only, so the class defines no fields of its own for them (fewer
  // bytes in the shell, which every page loads).
  declare readonly status: number;
  declare readonly code: ApiErrorCode;
  declare readonly field: string | undefined;
  declare readonly url: string;
  /** A validation failure's every field (`body.name: …`), for forms that show each on its own field. */
  declare readonly details: ErrorDetail[] | undefined;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    message: string;
    url: string;
    field?: string | undefined;
    details?: ErrorDetail[] | undefined;
  }) {
    super(init.message);
    Object.assign(this, init);
  }

  static fromResponse(status: number, body: unknown, url: string): ApiError {
    const error = (body as Partial<ErrorBody> | undefined)?.error;
    // The body's code, message, field and details, as sent.
    if (error && typeof error.code === 'string') return new ApiError({ ...error, status, url });
    return new ApiError({
      status,
      code: status >= 500 ? 'internal_error' : 'not_found',
      message: `HTTP ${status}`,
      url,
    });
  }
}

/** An error that concerns the key itself: by its code or by the key it names in `field`, never by its text. */
export function isKeyError(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  return (
    KEY_ERROR_CODES.includes(error.code as ErrorCode) || error.field === 'api_key' || error.field === 'channel_key'
  );
}
