import { isBasicPassSelected } from '@sideline/contract/rules/basic-pass';
import { PASSES_FORM_ALIAS_NAME } from '@sideline/contract/rules/names';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { i18next } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { describeServerError, errorMessageRef } from '@/locales/accounts/messages';
import { customFormQueryOptions } from '../api/get-custom-form';
import { useUser } from '../api/get-profile';
import { logout } from '../api/logout';
import { logoutRefusal } from '../logout-rule';
import { endSession } from '../session-change';

/**
 * Signing out: refused (and why) unless the rule allows it; otherwise the server revokes the key, the app is
 * reset on a fresh guest key, and the fan lands on the home page. A failed call leaves the session as it was.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = useUser();
  // Read without suspending: a form that cannot be read counts as chosen, as it does for the guards.
  const form = useQuery({ ...customFormQueryOptions(PASSES_FORM_ALIAS_NAME), enabled: !!user }).data;
  const refusal = logoutRefusal({ user, basicPassSelected: isBasicPassSelected(form ?? null) });
  const [busy, setBusy] = useState(false);

  const signOut = async () => {
    if (busy) return;
    if (refusal) {
      toast.info(i18next.t(refusal.message, { ns: 'accounts' }), { id: 'logout-refused' });
      return;
    }
    setBusy(true);
    try {
      await logout();
      await endSession(queryClient);
      await navigate(paths.home.href());
      toast.success(i18next.t('accountMenu.signedOut', { ns: 'accounts' }));
    } catch (error) {
      const { key, values } = errorMessageRef(describeServerError(error).message);
      toast.error(i18next.t(key, { ns: 'accounts', ...values }));
    } finally {
      setBusy(false);
    }
  };

  return { refusal, busy, signOut };
}
