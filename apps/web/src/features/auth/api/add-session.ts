import type { AddSessionBody } from '@sideline/contract/auth';
import { api } from '@/lib/api-client';

/**
 * `POST auth/add_session`: a session for the code another device showed (the guest key is revoked, as on a
 * login). A wrong, used or expired code is 401 `wrong_auth_data`; 429 when the address tried too often.
 */
export const addSession = (body: AddSessionBody) =>
  api.post('/auth/add_session', { body, quiet: [401] }).then((r) => r.data);
