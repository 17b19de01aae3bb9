import { AppError } from '../../lib/app-error';

export const vodErrors = {
  /** Another channel's item answers exactly like one that does not exist. */
  itemNotFound: () => new AppError({ status: 404, code: 'not_found' }),
};
