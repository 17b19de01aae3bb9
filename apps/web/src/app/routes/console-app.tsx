import { useUser } from '@/features/auth/api/get-profile';
import { ConsoleShell } from '@/features/console/components/console-shell';
import { addConsoleTexts } from '@/features/console/texts';

addConsoleTexts();

/**
 * The operators' console: a chunk of its own that a fan's page never loads. The shell tells a guest to sign in
 * (the profile is the guard's, already cached) and asks the API for the staff member's role.
 */
export default function ConsoleApp() {
  const user = useUser();
  return <ConsoleShell signedIn={!!user} />;
}
