import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { DialogHost } from '@/components/ui/dialog-host';
import { queryClient } from '@/lib/query-client';
import { toastStore } from '@/lib/toast';

// Toasts are rare on a first visit: their code loads with the first one.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

function Toasts() {
  const any = toastStore.use().length > 0;
  return any ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** What every screen has, the error screen included: the query cache, toasts and popups. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
      <DialogHost />
    </QueryClientProvider>
  );
}
