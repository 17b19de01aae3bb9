import type { ProfileUpdate, User } from '@sideline/contract/auth';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeApiKey } from '../session-change';
import { profileQueryKey } from './get-profile';

/**
 * `POST /profile` with `_method: patch`. A new key comes back when the password changed (the old one, and every
 * other session, ended): it is stored before anything else is asked. The cached profile becomes the answer.
 */
export async function updateProfile(queryClient: QueryClient, body: ProfileUpdate): Promise<User> {
  const res = await api.post('/profile', { body });
  if (res.data.api_key) storeApiKey(res.data.api_key);
  queryClient.setQueryData(profileQueryKey, res.data.user);
  return res.data.user;
}
