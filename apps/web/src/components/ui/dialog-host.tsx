import { lazy, Suspense } from 'react';
import { dialogStore } from '@/lib/dialog';

// Most visits never open a popup, so its code loads with the first one.
const ConfirmDialog = lazy(() => import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/** Shows the oldest open popup; the next one appears when it is answered. */
export function DialogHost() {
  const first = dialogStore.use()[0];
  return first ? (
    <Suspense fallback={null}>
      <ConfirmDialog key={first.id} request={first} />
    </Suspense>
  ) : null;
}
