import type { Geo } from '@sideline/contract/geo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_SCOPE } from '@/lib/query-client';
import { storage } from '@/lib/storage';

/** Spec section 4, Geo: the answer is kept in the browser (a day, as the session cache) and shown at once. */
const GEO_STORAGE_KEY = 'geo';
const GEO_KEPT_MS = 24 * 3_600_000;

export const getGeo = async (): Promise<Geo> => {
  const geo = (await api.get('/geo')).data;
  storage.setJson(GEO_STORAGE_KEY, geo, GEO_KEPT_MS);
  return geo;
};

/** Asked once per page load, after the first paint (it is not on a page's path); the kept answer shows meanwhile. */
export const geoQueryOptions = () =>
  queryOptions({
    queryKey: [SESSION_SCOPE, 'geo'],
    queryFn: getGeo,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: () => storage.getJson<Geo>(GEO_STORAGE_KEY) ?? undefined,
  });

export const useGeo = () => useQuery(geoQueryOptions()).data;
