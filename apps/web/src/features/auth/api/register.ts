import type { RegisterBody } from '@sideline/contract/auth';
import { api } from '@/lib/api-client';

/** `POST v2/auth/register`: no session yet; the account signs in once the mailed link confirms the address. */
export const register = (body: RegisterBody) => api.post('/v2/auth/register', { body }).then((r) => r.data);
