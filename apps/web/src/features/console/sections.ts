import { paths } from '@/config/paths';

/** The console's sections: routes of the console's own chunk, under `/console`. */
export const consolePaths = {
  overview: paths.console.href(),
  branding: `${paths.console.path}/branding`,
  audit: `${paths.console.path}/audit`,
} as const;
