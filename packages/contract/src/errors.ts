import { z } from 'zod';
import { ERROR_CODES, type ErrorBody } from './error-codes';

export { ERROR_CODES, type ErrorBody, type ErrorCode, KEY_ERROR_CODES, UNREPORTED_STATUS_CODES } from './error-codes';

export const errorDetailSchema = z.object({
  path: z.string().describe('Where the problem is, e.g. `body.email` or `query.limit`'),
  message: z.string(),
});

export const errorBodySchema: z.ZodType<ErrorBody> = z
  .object({
    error: z.object({
      status: z.number().int().min(400).max(599),
      code: z.enum(ERROR_CODES),
      message: z.string(),
      field: z.string().optional().describe('The request field the error concerns, e.g. `api_key`'),
      details: z.array(errorDetailSchema).optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });
