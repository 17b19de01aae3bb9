import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/**
 * `POST auth/logout`: the server revokes the key. A 401 means the session had already ended, which is what the
 * fan asked for, so it counts as done.
 */
export async function logout(): Promise<void> {
  try {
    await api.post('/auth/logout', { quiet: [401] });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}
