import { z } from 'zod';

export const idSchema = z.number().int().positive();
/** Path ids arrive as strings; only plain positive integers are accepted. */
export const idParamSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const idParamsSchema = z.strictObject({ id: idParamSchema });

/** Money in major units of the channel currency (e.g. 9.99). */
export const moneySchema = z.number().nonnegative().multipleOf(0.01);
export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #1a2b3c');
export const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'an ISO 4217 code like USD')
  .default('USD');
/** Unix time in seconds. */
export const unixSecondsSchema = z.number().int();
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
/** An absolute URL or a path on the same host. */
export const urlOrPathSchema = z.string().max(2048);
/** HTML that the server sanitized before storing. */
export const safeHtmlSchema = z.string().describe('Sanitized HTML');

/** The api key a client sends: in the query string for GET and DELETE, in the body otherwise. */
export const apiKeyField = { api_key: z.string().max(128).optional() };

/** A query string that refuses unknown fields and may carry the api key. */
export const querySchema = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ ...shape, ...apiKeyField });
/** A JSON body that refuses unknown fields and may carry the api key. */
export const bodySchema = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ ...shape, ...apiKeyField });
export const emptyQuerySchema = querySchema({});

export const paginationShape = {
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  /** Ask for every row (the client adds it when it gives no limit). */
  no_limit: z.enum(['0', '1']).optional(),
};
export const sortDirectionSchema = z.enum(['asc', 'desc']);

export const pageMetaSchema = z.object({
  total: z
    .number()
    .int()
    .nonnegative()
    .describe('Matching rows; counted up to a cap on large lists (see total_capped)'),
  offset: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
  /** True when `total` stopped at the counting cap: there are at least that many. */
  total_capped: z.boolean().optional(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** Every success body: `{ data }`. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
/** A paged list: `{ data: [...], meta: { total, offset, limit } }`. */
export const pageOf = <T extends z.ZodType>(schema: T) => z.object({ data: z.array(schema), meta: pageMetaSchema });
export const okSchema = dataOf(z.object({ ok: z.literal(true) }));
