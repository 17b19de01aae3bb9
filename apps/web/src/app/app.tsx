import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { fatalError } from './fatal-error';
import { TechnicalDifficulties } from './technical-difficulties';

/** The app once started, or the technical-difficulties screen when it cannot go on. */
export function App({ router }: { router: DataRouter | null }) {
  const fatal = fatalError.use();
  return fatal || !router ? <TechnicalDifficulties /> : <RouterProvider router={router} />;
}
