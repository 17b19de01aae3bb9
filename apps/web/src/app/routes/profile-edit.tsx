import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { profileQueryKey, useUser } from '@/features/auth/api/get-profile';
import { updateProfile } from '@/features/auth/api/update-profile';
import { DeviceCode } from '@/features/auth/components/other-device/device-code';
import { useTokenParam } from '@/features/auth/hooks/use-token-param';
import { endSession } from '@/features/auth/session-change';
import { ConfirmAccountDeletion } from '@/features/profile/components/confirm-account-deletion';
import { ProfileEdit } from '@/features/profile/components/profile-edit';
import type { SaveProfile } from '@/features/profile/types';

/**
 * /profile/edit: details, password, account summary and deletion. A fan with a temporary password sees the
 * password form alone (the guards keep them here) and goes home once it is changed. The forms save through the
 * auth feature's `updateProfile`: it stores the key a password change brings and caches the new profile.
 */
export function ProfileEditView() {
  const user = useUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useCallback<SaveProfile>((body) => updateProfile(queryClient, body), [queryClient]);
  return (
    <ProfileEdit
      user={user}
      save={save}
      onTemporaryChanged={() => void navigate(paths.home.href(), { replace: true })}
      otherDevice={<DeviceCode />}
    />
  );
}

/**
 * /confirm-account-deletion?token=: deletes the account named by the mailed link; a fan signed in on this
 * device is signed out (their key died with the account), then told it is done.
 */
export function ConfirmAccountDeletionView() {
  const queryClient = useQueryClient();
  const signOut = useCallback(async () => {
    if (queryClient.getQueryData(profileQueryKey)) await endSession(queryClient);
  }, [queryClient]);
  return <ConfirmAccountDeletion token={useTokenParam()} signOut={signOut} />;
}
