/** The console module's public entry (issue 42): roles, the audit log, and the console's calls. */
export { catalogueRoutes } from './catalogue.routes';
export { consoleRoutes } from './console.routes';
export type { ConsoleService, Staff } from './console.service';
export { COMMAND_ACTOR, createConsoleService } from './console.service';
export { consoleAccessPlugin } from './console-access';
export { contentRoutes } from './content.routes';
export { gamesRoutes } from './games.routes';
export { staffRoutes } from './staff.routes';
