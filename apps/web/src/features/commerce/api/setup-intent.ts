import { api } from '@/lib/api-client';

/** `POST stripe/setup-intent`: which card provider runs here, its publishable key and a setup intent's secret. */
export const createSetupIntent = async () => (await api.post('/stripe/setup-intent')).data;
