import type { Rollup } from 'vite';

/** The bundle's code chunks, and a lookup by file name. */
export function chunksOf(bundle: Rollup.OutputBundle) {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  return { chunks, byFile: new Map(chunks.map((c) => [c.fileName, c])) };
}

/** The files of some chunks and of every chunk they import statically, transitively: what loading them loads. */
export function importClosure(byFile: ReadonlyMap<string, Rollup.OutputChunk>, start: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of byFile.get(file)?.imports ?? []) visit(next);
  };
  for (const file of start) visit(file);
  return seen;
}

/**
 * What loading the chunks that begin with `modules` (module paths, or their ends) fetches beyond what the entry
 * loads: those chunks and the chunks they import, and the CSS of all of them, as page addresses. The build stops
 * when a module begins no chunk: a renamed or merged file would otherwise leave a page without its preloads.
 */
export function preloadsBeyondEntry(bundle: Rollup.OutputBundle, modules: readonly string[], plugin: string) {
  const { chunks, byFile } = chunksOf(bundle);
  const loaded = importClosure(
    byFile,
    chunks.filter((c) => c.isEntry).map((c) => c.fileName),
  );
  const starts = modules.map((module) => {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
    if (!chunk) throw new Error(`${plugin}: no chunk begins with ${module}`);
    return chunk.fileName;
  });
  const files = [...importClosure(byFile, starts)].filter((f) => !loaded.has(f));
  const css = new Set(files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]));
  return { js: files.map((f) => `/${f}`), css: [...css].map((f) => `/${f}`) };
}
