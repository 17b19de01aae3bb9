import { api } from '@/lib/api-client';

/** `POST /delete-account-confirm`: mails the fan a link that confirms the deletion (nothing is deleted yet). */
export const requestAccountDeletion = () => api.post('/delete-account-confirm').then(() => undefined);
