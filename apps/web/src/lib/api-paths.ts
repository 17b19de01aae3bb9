import type { paths } from '@sideline/api-client/schema';

/**
 * The API's calls as the web client names them: the generated OpenAPI paths without the `/api` prefix (the client's
 * base URL carries it). Every type here is derived from `@sideline/api-client/schema`, which is generated from the
 * server's own document, so a call whose path, parameters or answer drift from the server fails the typecheck.
 */
type ApiPaths = { [P in keyof paths as P extends `/api${infer Rest}` ? Rest : never]: paths[P] };

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that answer a method (absent methods are `?: never` in the generated types). */
export type PathsWith<M extends HttpMethod> = {
  [P in keyof ApiPaths]: ApiPaths[P] extends { [K in M]: object } ? P : never;
}[keyof ApiPaths];

type Operation<P extends keyof ApiPaths, M extends HttpMethod> = ApiPaths[P] extends { [K in M]: infer Op }
  ? Op
  : never;

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
type Responses<Op> = Op extends { responses: infer R } ? R : never;

/** The body of a success answer (200, else 201, else none). */
export type SuccessOf<P extends PathsWith<M>, M extends HttpMethod> =
  Responses<Operation<P, M>> extends infer R
    ? 200 extends keyof R
      ? Json<R[200]>
      : 201 extends keyof R
        ? Json<R[201]>
        : undefined
    : never;

/** The key is the client's business (spec section 7), never the caller's. */
type WithoutKey<T> = T extends object ? Omit<T, 'api_key'> : T;

type Parameters<Op> = Op extends { parameters: infer Params } ? Params : never;
type PathParamsOf<Op> = Parameters<Op> extends { path: infer Path } ? Path : never;
type QueryOf<Op> = Parameters<Op> extends { query?: infer Q } ? WithoutKey<NonNullable<Q>> : never;
type BodyOf<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? WithoutKey<B> : never;

/** `path` is required exactly when the route has path parameters; `query` and `body` are typed when it takes them. */
export type CallInput<P extends PathsWith<M>, M extends HttpMethod> = ([PathParamsOf<Operation<P, M>>] extends [never]
  ? { path?: undefined }
  : { path: PathParamsOf<Operation<P, M>> }) &
  ([QueryOf<Operation<P, M>>] extends [never] ? { query?: undefined } : { query?: QueryOf<Operation<P, M>> }) &
  ([BodyOf<Operation<P, M>>] extends [never] ? { body?: undefined } : { body?: BodyOf<Operation<P, M>> });

/** `/events/{id}` with `{ id: 12 }` is `/events/12`; every value is encoded as one path segment. */
export function fillPath(template: string, params: Record<string, string | number> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}
