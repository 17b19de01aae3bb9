// react-i18next imports `use-sync-external-store/shim`, a fallback for React versions before 18. React 19 has
// the hook itself, so the build points that import here (vite.config.ts) and the fallback stays out.
export { useSyncExternalStore } from 'react';
