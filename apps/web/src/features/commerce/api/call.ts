import { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * The commerce calls whose routes are not in the generated OpenAPI paths yet (they land with the server side of
 * issue 12): called through the app's client (key placement, retry, dedupe, timeout) as plain paths, and their
 * answers checked with the contract's zod schemas. Once the routes are generated, each `api/*.ts` switches to
 * the typed `api.get('/orders/{order_id}', …)` and this file goes.
 */
type PlainOptions = {
  query?: Record<string, string | number | undefined>;
  body?: Record<string, unknown>;
  quiet?: readonly number[];
};
type PlainCall = (path: string, options?: PlainOptions) => Promise<unknown>;

const plainGet = (path: string, options?: PlainOptions) => (api.get as unknown as PlainCall)(path, options);
const plainPost = (path: string, options?: PlainOptions) => (api.post as unknown as PlainCall)(path, options);

/** Every answer of the API is `{ data }` (lists add `meta`): the data, checked with the contract's schema. */
const dataOf = <T extends z.ZodType>(schema: T, answer: unknown): z.infer<T> =>
  schema.parse(z.object({ data: z.unknown() }).parse(answer).data);

export async function getData<T extends z.ZodType>(path: string, schema: T, options?: PlainOptions) {
  return dataOf(schema, await plainGet(path, options));
}

export async function postData<T extends z.ZodType>(path: string, schema: T, options?: PlainOptions) {
  return dataOf(schema, await plainPost(path, options));
}

/** A call whose answer the client does not read (it refetches what changed). */
export async function postOnly(path: string, options?: PlainOptions): Promise<void> {
  await plainPost(path, options);
}
