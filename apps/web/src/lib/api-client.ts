import { KEY_ERROR_RETRY_DELAY_MS, REQUEST_TIMEOUT_MS } from '@sideline/contract/constants';
import { UNREPORTED_STATUS_CODES } from '@sideline/contract/error-codes';
import { ApiError, isKeyError } from './api-error';
import { createKeyStore, type KeyStore } from './api-key';
import { type CallInput, fillPath, type HttpMethod, type PathsWith, type SuccessOf } from './api-paths';
import type { EarlyAnswer, TakeEarlyAnswer } from './early-answers';
import { nextTask } from './next-task';
import type { AppStorage } from './storage';

/** Dispatched on `window` when a key error survives its one retry; `detail` is `{ error, url }`. */
export const API_KEY_ERROR_EVENT = 'sideline:api-key-error';
export type ApiKeyErrorDetail = { error: ApiError; url: string };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  query?: Record<string, QueryValue>;
  body?: Record<string, unknown>;
  /** Static calls carry no api key (and nothing else the server did not ask for). */
  static?: boolean;
  /** Statuses the caller expects and handles itself: not reported, and a 401 does not reset the user. */
  quiet?: readonly number[];
  /** A caller's own cancellation. Such requests are not shared with identical ones. */
  signal?: AbortSignal;
};

export type ApiHooks = {
  /** A 401 that is not a key error: the session is gone. */
  onUnauthorized?: (error: ApiError) => void;
  /** A 429: a global error; the request is not retried. */
  onRateLimited?: (error: ApiError) => void;
  /** The key was replaced after a key error: cached state belongs to the old key. */
  onKeyReset?: () => void;
  /** A failure to report to the error-logging service. */
  report?: (error: ApiError) => void;
};

export type ApiClientConfig = {
  /** The channel file's `api_host`, absolute or relative to the page. */
  baseUrl: string;
  channelKey: string;
  storage: AppStorage;
  hooks?: ApiHooks;
  timeoutMs?: number;
  retryDelayMs?: number;
  fetch?: typeof fetch;
  /** Where the key-error event goes; `window` in the browser. */
  events?: EventTarget;
  /** Answers the page already has (lib/early-answers.ts): the first identical request takes one instead of asking. */
  early?: TakeEarlyAnswer;
};

const UNREPORTED: readonly number[] = UNREPORTED_STATUS_CODES;
/** Waits `ms`, or rejects with the signal's reason as soon as the caller cancels. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): URL {
  const origin = globalThis.location?.origin ?? 'http://localhost';
  const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`, origin);
  const url = new URL(path.replace(/^\//, ''), base);
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  return url;
}

export function createApiClient(config: ApiClientConfig) {
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const retryDelayMs = config.retryDelayMs ?? KEY_ERROR_RETRY_DELAY_MS;
  const hooks = config.hooks ?? {};
  const doFetch = config.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const inFlight = new Map<string, Promise<unknown>>();

  /**
   * The early answer to this request, if the page has one made with the same key; null when there is none (or it
   * failed on the network), and the request goes out as usual.
   */
  async function early(method: Method, url: URL, key: string | null): Promise<EarlyAnswer | null> {
    const answer = await config.early?.(method, url.pathname + url.search);
    const usable = answer && (answer.key === undefined || answer.key === key) ? answer : null;
    // The page's answers are in before the app asks: each request goes on in a task of its own, or the startup's
    // half-dozen calls (and the work of their answers) would be one long task on a phone.
    if (usable) await nextTask();
    return usable;
  }

  /** What an answer means: its body, or the API error it carries. */
  function settle<T>(answer: EarlyAnswer, shown: string): T {
    if (answer.status >= 200 && answer.status < 300) return answer.body as T;
    throw ApiError.fromResponse(answer.status, answer.body, shown);
  }

  /** One HTTP exchange. `shown` is the address without the key, for errors and reports. */
  async function send<T>(
    method: Method,
    url: URL,
    body: unknown,
    signal?: AbortSignal,
    shown = url.toString(),
  ): Promise<T> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
    try {
      const res = await doFetch(url, {
        method,
        headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: combined,
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        if (res.ok)
          throw new ApiError({ status: res.status, code: 'invalid_response', message: 'Not JSON', url: shown });
      }
      if (!res.ok) throw ApiError.fromResponse(res.status, json, shown);
      return json as T;
    } catch (error: unknown) {
      if (error instanceof ApiError) throw error;
      if (timeout.signal.aborted) {
        throw new ApiError({ status: 0, code: 'timeout', message: `No answer in ${timeoutMs} ms`, url: shown });
      }
      if (signal?.aborted) throw error;
      throw new ApiError({ status: 0, code: 'network_error', message: String(error), url: shown });
    } finally {
      clearTimeout(timer);
    }
  }

  const keys: KeyStore = createKeyStore({
    storage: config.storage,
    fetchKey: async () => {
      const url = buildUrl(config.baseUrl, '/get_api_key', undefined);
      const answer = await early('POST', url, null);
      const res = answer
        ? settle<{ data: { api_key: string } }>(answer, url.toString())
        : await send<{ data: { api_key: string } }>('POST', url, { channel_key: config.channelKey });
      return res.data.api_key;
    },
  });

  /** A key error survived its retry, or no key could be fetched: the app cannot go on. */
  function keyFailure(error: ApiError, url: string): never {
    if (!UNREPORTED.includes(error.status)) hooks.report?.(error);
    const detail: ApiKeyErrorDetail = { error, url };
    const target = config.events ?? (globalThis as { window?: EventTarget }).window;
    target?.dispatchEvent(new CustomEvent(API_KEY_ERROR_EVENT, { detail }));
    throw error;
  }

  async function attempt<T>(method: Method, path: string, opts: RequestOptions, retried: boolean): Promise<T> {
    const url = buildUrl(config.baseUrl, path, opts.query);
    const shown = url.toString();
    let key: string | null = null;
    opts.signal?.throwIfAborted();
    if (!opts.static) {
      try {
        key = await keys.get();
      } catch (error) {
        const failure = error instanceof ApiError ? error : undefined;
        keyFailure(
          failure ?? new ApiError({ status: 0, code: 'invalid_response', message: String(error), url: shown }),
          shown,
        );
      }
    }
    // The key goes in the query string for GET and DELETE, in the body otherwise (spec section 7).
    const inQuery = method === 'GET' || method === 'DELETE';
    const sentUrl = new URL(url);
    if (key && inQuery) sentUrl.searchParams.set('api_key', key);
    const body = inQuery ? undefined : { ...opts.body, ...(key ? { api_key: key } : {}) };
    try {
      const answer = await early(method, url, inQuery ? key : null);
      if (answer) return settle<T>(answer, shown);
      return await send<T>(method, sentUrl, body, opts.signal, shown);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const quiet = opts.quiet?.includes(error.status) ?? false;
      if (!opts.static && isKeyError(error)) {
        if (retried) keyFailure(error, shown);
        try {
          await keys.renew(key);
        } catch (renewError) {
          keyFailure(renewError instanceof ApiError ? renewError : error, shown);
        }
        hooks.onKeyReset?.();
        // A caller who gave up (its filters changed, its view closed) gets no retry.
        await sleep(retryDelayMs, opts.signal);
        return attempt<T>(method, path, opts, true);
      }
      if (error.status === 429) hooks.onRateLimited?.(error);
      else if (error.status === 401 && !quiet) hooks.onUnauthorized?.(error);
      if (!quiet && !UNREPORTED.includes(error.status)) hooks.report?.(error);
      throw error;
    }
  }

  function request<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
    if (opts.signal) return attempt<T>(method, path, opts, false);
    // Identical requests in flight share one network request (keyed without the api key).
    const id = `${method} ${buildUrl(config.baseUrl, path, opts.query)} ${JSON.stringify(opts.body ?? null)}`;
    const existing = inFlight.get(id);
    if (existing) return existing as Promise<T>;
    const promise = attempt<T>(method, path, opts, false).finally(() => inFlight.delete(id));
    inFlight.set(id, promise);
    return promise;
  }

  return {
    keys,
    request,
    get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
    post: <T>(path: string, opts?: RequestOptions) => request<T>('POST', path, opts),
    put: <T>(path: string, opts?: RequestOptions) => request<T>('PUT', path, opts),
    patch: <T>(path: string, opts?: RequestOptions) => request<T>('PATCH', path, opts),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

let current: ApiClient | null = null;

/** Startup configures the one client the app uses, once the channel file names the API host and key. */
export function configureApi(config: ApiClientConfig): ApiClient {
  current = createApiClient(config);
  return current;
}

function client(): ApiClient {
  if (!current) throw new Error('The API client is used before startup configured it');
  return current;
}

/** What a call may say beside its typed path, query and body. */
export type CallOptions = Pick<RequestOptions, 'static' | 'quiet' | 'signal'>;

type Call<M extends HttpMethod> = <P extends PathsWith<M>>(
  path: P,
  ...args: Partial<CallInput<P, M>> extends CallInput<P, M>
    ? [options?: CallInput<P, M> & CallOptions]
    : [options: CallInput<P, M> & CallOptions]
) => Promise<SuccessOf<P, M>>;

function typed<M extends HttpMethod>(method: M): Call<M> {
  return ((path: string, options: (CallOptions & { path?: object; query?: object; body?: object }) | undefined) => {
    const { path: params, query, body, ...rest } = options ?? {};
    return client().request(method.toUpperCase() as Method, fillPath(path, params as Record<string, string | number>), {
      ...rest,
      ...(query ? { query: query as RequestOptions['query'] } : {}),
      ...(body ? { body: body as RequestOptions['body'] } : {}),
    });
  }) as Call<M>;
}

/**
 * The app's client; features import this and call it after startup. Calls are typed by the generated OpenAPI
 * paths: `api.get('/events/{id}', { path: { id } })` answers the server's declared 200 body.
 */
export const api = {
  keys: {
    get: () => client().keys.get(),
    /** A new key in place of the stored one (the error screen's reload; logout). */
    replace: () => client().keys.replace(),
    isGuest: () => client().keys.isGuest(),
    markGuest: () => client().keys.markGuest(),
  },
  get: typed('get'),
  post: typed('post'),
  put: typed('put'),
  patch: typed('patch'),
  delete: typed('delete'),
};
