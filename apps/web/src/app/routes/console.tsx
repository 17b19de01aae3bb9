import { lazy, Suspense } from 'react';

// A step between the route table and the console's code: the shell then names one small file for the console,
// not the console's chunk with every chunk it imports (their names would be in every fan's first load).
const ConsoleApp = lazy(() => import('./console-app'));

/** The operators' console (`console-app.tsx`), loaded on its first visit. */
export function ConsoleView() {
  return (
    <Suspense fallback={null}>
      <ConsoleApp />
    </Suspense>
  );
}
