/**
 * The cache module: the one entry the rest of the code imports from. An in-process cache with a lifetime and
 * invalidation by prefix or tag (`cache.ts`), the bus that repeats invalidations in the other processes (`bus.ts`),
 * and the cached public JSON answers built on it (`cached-json.ts`, `cached-get.ts`).
 */
export { type CacheBus, localCacheBus, redisCacheBus } from './bus';
export { type Cache, createCache } from './cache';
export { cachedGet } from './cached-get';
export { createCachedJson, type SendCachedJson } from './cached-json';
