import { z } from 'zod';

/*
 * The primitives every request schema is built from. The database is the limit: PostgreSQL `text` cannot hold
 * a NUL character, `jsonb` no lone surrogate half, and `integer` stops at 2^31 - 1; a value past any of them used to
 * reach the query and fail as a 500. Refusing them here makes every such request a 400 that names the field.
 */

export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;
/** Unix seconds up to 2100-01-01: far enough for any schedule, small enough for a timestamp column. */
export const UNIX_SECONDS_MAX = 4_102_444_800;
export const NUL_MESSAGE = 'must not contain a NUL character';
export const UNPAIRED_SURROGATE_MESSAGE = 'must be valid Unicode text (a lone surrogate half is not)';

/**
 * Half of a UTF-16 surrogate pair without its other half. JSON can carry one (`"\ud800"`), but it is no Unicode
 * character: PostgreSQL's `jsonb` refuses it (a 500 from the analytics collector before this check) and `text`
 * would store a replacement character in its place. (`isWellFormed` would say the same; older browsers lack it.)
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string of a request. */
export const text = () =>
  z
    .string()
    .refine((s) => !s.includes('\u0000'), NUL_MESSAGE)
    .refine((s) => !UNPAIRED_SURROGATE.test(s), UNPAIRED_SURROGATE_MESSAGE);
/** An integer an `integer` column holds. */
export const int32 = () => z.number().int().min(INT32_MIN).max(INT32_MAX);
/** A row id: a positive `integer`. */
export const id = () => z.number().int().positive().max(INT32_MAX);
/** A number of a request that is not an integer; bounds are required, `real` columns stop near 3.4e38. */
export const boundedNumber = (min: number, max: number) => z.number().min(min).max(max);
/**
 * Integers of the query string and path, which arrive as text: digits only. A bare number coercion also took
 * `0x10` (16), `1e3` (1000), ` 5` and an empty value (0) as ids.
 */
export const queryInt = (min: number, max: number) =>
  text()
    .regex(/^\d{1,16}$/, 'must be a whole number written in digits')
    .pipe(z.coerce.number<string>().int().min(min).max(max))
    // The API's document (and the web client's types made from it) keep calling it an integer.
    .meta({ type: 'integer', minimum: min, maximum: max, pattern: undefined });
export const queryId = () => queryInt(1, INT32_MAX);
/** A client's clock in Unix milliseconds (`Date.now()`), from 1970 to 2100. */
export const unixMillis = () =>
  z
    .number()
    .int()
    .min(0)
    .max(UNIX_SECONDS_MAX * 1000);
/** Unix seconds in a query string (from 1970 to 2100). */
export const unixSecondsQuery = () => queryInt(0, UNIX_SECONDS_MAX);

export const idSchema = id();
/** Path ids arrive as strings; only plain positive integers are accepted. */
export const idParamSchema = queryId();
export const idParamsSchema = z.strictObject({ id: idParamSchema });

/** Money in major units of the channel currency (e.g. 9.99). */
export const moneySchema = z.number().nonnegative().multipleOf(0.01);
export const hexColorSchema = text().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #1a2b3c');
export const currencySchema = text()
  .regex(/^[A-Z]{3}$/, 'an ISO 4217 code like USD')
  .default('USD');
/** Unix time in seconds. */
export const unixSecondsSchema = z.number().int();
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
/** An absolute URL or a path on the same host. */
export const urlOrPathSchema = text().max(2048);
/** HTML that the server sanitized before storing. */
export const safeHtmlSchema = z.string().describe('Sanitized HTML');

/** The api key a client sends: in the query string for GET and DELETE, in the body otherwise. */
export const apiKeyField = { api_key: text().max(128).optional() };

/** A query string that refuses unknown fields and may carry the api key. */
export const querySchema = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ ...shape, ...apiKeyField });
/** A JSON body that refuses unknown fields and may carry the api key. */
export const bodySchema = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ ...shape, ...apiKeyField });
export const emptyQuerySchema = querySchema({});

export const paginationShape = {
  offset: queryInt(0, 1_000_000).default(0),
  limit: queryInt(1, 100).optional(),
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
