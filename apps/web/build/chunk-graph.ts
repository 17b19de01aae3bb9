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
