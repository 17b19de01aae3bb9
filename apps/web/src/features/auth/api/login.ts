import type { LoginBody } from '@sideline/contract/auth';
import { api } from '@/lib/api-client';

/**
 * `POST v2/auth/login`: a session with a new key (the guest key is revoked). 403 `email_not_verified` means a new
 * verification link was mailed; 401 `invalid_credentials`; 429 when the address tried too often.
 */
export const login = (body: LoginBody) => api.post('/v2/auth/login', { body, quiet: [401, 403] }).then((r) => r.data);
