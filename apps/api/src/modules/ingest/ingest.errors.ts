import { AppError } from '../../lib/app-error';

export const ingestErrors = {
  /** Stream keys are the operator's: the operator token in `Authorization: Bearer` (the console will use roles). */
  operatorTokenRequired: () => new AppError({ status: 403, code: 'operator_token_required' }),
  /** No game with that id on this channel (another channel's game included: its existence is not confirmed). */
  eventNotFound: () => new AppError({ status: 404, code: 'event_not_found' }),
};
