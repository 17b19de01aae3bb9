import { AppError } from '../../lib/app-error';

/** The sandbox answers bad requests in the common error body, naming the parameter that is wrong. */
export const identitySandboxErrors = {
  badParameter: (field: string) => new AppError({ status: 400, code: 'bad_request', field }),
  /** A code that is unknown, expired, used, or asked for by another client, redirect or verifier. */
  invalidGrant: () => new AppError({ status: 400, code: 'bad_request', field: 'code' }),
};
