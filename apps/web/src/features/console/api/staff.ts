import type { StaffInvite, StaffMember } from '@sideline/contract/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_SCOPE } from '@/lib/query-client';

const staffKey = [SESSION_SCOPE, 'console', 'staff'] as const;
export type StaffRoleChoice = StaffMember['role'];

/** `GET /console/staff` (manage): only asked for by a role that may see it, the owner. */
export function useStaff(enabled: boolean) {
  return useQuery({
    queryKey: staffKey,
    queryFn: async (): Promise<StaffMember[]> => (await api.get('/console/staff')).data,
    enabled,
  });
}

/**
 * The owner's staff calls: an invitation by e-mail, another role or none. A 400 is the form's to show on its
 * fields and a 409 (the last owner) the page's, so neither is reported.
 */
export function useStaffWrites() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffKey });
  return {
    invite: async (body: Omit<StaffInvite, 'api_key'>) => {
      const { data } = await api.post('/console/staff', { body, quiet: [400, 409] });
      await refresh();
      return data;
    },
    setRole: async (id: number, role: StaffRoleChoice | null) => {
      const { data } = await api.patch('/console/staff/{id}', { path: { id }, body: { role }, quiet: [409] });
      await refresh();
      return data;
    },
  };
}
