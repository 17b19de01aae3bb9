import { VALIDATION_MESSAGES } from '@sideline/contract/messages';
import { AppError } from '../../lib/app-error';

export const clipErrors = {
  /** Also what another fan hears about a clip that is not theirs: it is not for them to know it exists. */
  notFound: () => new AppError({ status: 404, code: 'clip_not_found' }),
  notReady: () => new AppError({ status: 409, code: 'clip_not_ready' }),
  /** The job queue is away (Redis down): the clip is undone and the fan is told to try again. */
  queueUnavailable: () => new AppError({ status: 503, code: 'service_unavailable' }),
  /** The clip would end after the game's recording does (spec section 5). */
  tooLong: () =>
    new AppError({
      status: 400,
      code: 'validation_failed',
      field: 'duration',
      details: [{ path: 'body.duration', message: VALIDATION_MESSAGES.clipDurationTooLong }],
    }),
  /** A tag that is not on the channel's list counts as no tag chosen. */
  unknownTag: () =>
    new AppError({
      status: 400,
      code: 'validation_failed',
      field: 'tags',
      details: [{ path: 'body.tags', message: VALIDATION_MESSAGES.clipTagRequired }],
    }),
};
