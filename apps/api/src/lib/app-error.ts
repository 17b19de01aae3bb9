import type { ErrorCode } from '@sideline/contract/errors';

export type AppErrorInit = {
  status: number;
  code: ErrorCode;
  message: string;
  field?: string;
  details?: { path: string; message: string }[];
};

/** An error meant for the client: the central handler sends exactly these fields, nothing internal. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly details: { path: string; message: string }[] | undefined;

  constructor(init: AppErrorInit) {
    super(init.message);
    this.name = 'AppError';
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.details = init.details;
  }
}

export const notFound = (what = 'Not found') => new AppError({ status: 404, code: 'not_found', message: what });
