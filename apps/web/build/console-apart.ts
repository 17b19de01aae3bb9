import type { Plugin } from 'vite';
import { chunksOf, importClosure } from './chunk-graph.ts';

/**
 * The operators' console's own modules: its feature, its texts, its app (routes/console-app.tsx) and the contract's
 * console schemas and roles. Its doorway (routes/console.tsx, a few lines that load the app) is apart: the route
 * table names it, so it rides in the not-found page's chunk.
 */
const CONSOLE_MODULE =
  /[\\/](?:src[\\/](?:features|locales)[\\/]console[\\/]|src[\\/]app[\\/]routes[\\/]console-app\.tsx|contract[\\/]src[\\/](?:console[\w-]*|rules[\\/]console-roles)\.ts)/;
const CONSOLE_DOORWAY = /[\\/]src[\\/]app[\\/]routes[\\/]console\.tsx$/;
const CONSOLE_APP = /[\\/]src[\\/]app[\\/]routes[\\/]console-app\.tsx$/;

const pathOf = (id: string) => id.split('?')[0] ?? id;
export const isConsoleModule = (id: string) => CONSOLE_MODULE.test(pathOf(id));

/**
 * Stops the build when the console reaches a fan's page (issue 42: it adds nothing to a fan page's first load):
 * - what every page loads first (the entries and the chunks they import) holds no console module, its doorway
 *   included;
 * - the console's own code is only in chunks that its app (routes/console-app.tsx, loaded by the doorway) brings:
 *   no chunk a fan's page can load without opening the console holds any of it (a console module imported by the
 *   shell or by a fan's view would put it there).
 */
export function consoleApart(): Plugin {
  return {
    name: 'sideline-console-apart',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { chunks, byFile } = chunksOf(bundle);
      const problems: string[] = [];
      const entries = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
      const first = importClosure(byFile, entries);
      for (const file of first) {
        for (const id of byFile.get(file)?.moduleIds ?? []) {
          if (isConsoleModule(id) || CONSOLE_DOORWAY.test(pathOf(id))) {
            problems.push(`${id} is in ${file}, which every page loads first`);
          }
        }
      }
      const app = chunks.find((c) => c.facadeModuleId && CONSOLE_APP.test(pathOf(c.facadeModuleId)));
      if (!app) problems.push('no chunk begins with src/app/routes/console-app.tsx: where did the console go?');
      // Every chunk a fan's page can load: the entries and all they import, statically or lazily, but the console.
      const fans = new Set<string>();
      const visit = (file: string) => {
        if (fans.has(file) || file === app?.fileName) return;
        fans.add(file);
        const chunk = byFile.get(file);
        for (const next of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) visit(next);
      };
      for (const file of entries) visit(file);
      for (const file of fans) {
        if (first.has(file)) continue;
        for (const id of byFile.get(file)?.moduleIds ?? []) {
          if (isConsoleModule(id)) problems.push(`${id} is in ${file}, which fans' pages load without the console`);
        }
      }
      if (problems.length > 0) this.error(`the console reaches fans' pages:\n- ${problems.join('\n- ')}`);
    },
  };
}
