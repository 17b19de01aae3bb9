import { api } from '@/lib/api-client';

/**
 * `POST auth/session-code`: a one-time code (two groups of five characters) that signs another device in to this
 * fan's account through `auth/add_session`, for 10 minutes (`expires_at`).
 */
export const createSessionCode = () => api.post('/auth/session-code').then((r) => r.data);
