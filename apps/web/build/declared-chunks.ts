import type { Plugin } from 'vite';
import { chunksOf } from './chunk-graph.ts';

/** A chunk group named in vite.config.ts by the file that begins it. */
export type DeclaredChunk = { name: string; file: string };

/**
 * Stops the build when a declared chunk group did not take its file, or a module declared to stay out of the shell
 * is in it. vite.config.ts checks that the files exist; this checks that the build still uses them as declared: a
 * file that nothing imports any more (a renamed import, a library that stopped re-exporting a hook) would otherwise
 * leave its group empty and the page's loading changed without a word.
 */
export function declaredChunks(groups: readonly DeclaredChunk[], notInShell: readonly string[]): Plugin {
  return {
    name: 'sideline-declared-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { chunks } = chunksOf(bundle);
      const problems: string[] = [];
      for (const { name, file } of groups) {
        const holder = chunks.find((c) => c.moduleIds.includes(file));
        if (!holder) problems.push(`${file} is in no chunk: nothing imports it any more`);
        else if (holder.name !== name) problems.push(`${file} is in ${holder.fileName}, not in the ${name} group`);
      }
      const shell = chunks.filter((c) => c.isEntry).flatMap((c) => c.moduleIds);
      for (const file of notInShell) {
        if (shell.includes(file)) problems.push(`${file} is in the shell, declared to load with the views`);
      }
      if (problems.length > 0) this.error(`chunk groups of vite.config.ts:\n- ${problems.join('\n- ')}`);
    },
  };
}
