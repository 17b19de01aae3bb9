import { paths } from '@/config/paths';

/** The console's sections: routes of the console's own chunk, under `/console`. */
export const consolePaths = {
  overview: paths.console.href(),
  branding: `${paths.console.path}/branding`,
  schedule: `${paths.console.path}/schedule`,
  catalogue: `${paths.console.path}/catalogue`,
  content: `${paths.console.path}/content`,
  staff: `${paths.console.path}/staff`,
  audit: `${paths.console.path}/audit`,
  /** The platform admin's: new channels. */
  channels: `${paths.console.path}/channels`,
} as const;

/** A schedule page's address: the list, a new game, the import, or one game. */
export const schedulePaths = {
  list: consolePaths.schedule,
  newGame: `${consolePaths.schedule}/new`,
  import: `${consolePaths.schedule}/import`,
  game: (id: number) => `${consolePaths.schedule}/${id}`,
} as const;
