import { AppError } from '../../lib/app-error';

export const eventErrors = {
  notFound: () => new AppError({ status: 404, code: 'event_not_found' }),
};
