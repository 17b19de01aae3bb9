import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { declaredChunks } from './declared-chunks.ts';

const chunk = (fileName: string, name: string, moduleIds: string[], isEntry = false) =>
  ({ type: 'chunk', fileName, name, moduleIds, isEntry }) as unknown as Rollup.OutputChunk;

/** Runs the plugin's check on a bundle; returns the build error it raised, or null. */
function check(bundle: Rollup.OutputChunk[], notInShell: string[] = []): string | null {
  const plugin = declaredChunks([{ name: 'hls', file: '/app/warm-stream.ts' }], notInShell);
  let raised: string | null = null;
  const context = {
    error: (message: string) => {
      raised = message;
      throw new Error(message);
    },
  };
  const generate = plugin.generateBundle as (this: unknown, o: unknown, b: Rollup.OutputBundle) => void;
  try {
    generate.call(context, {}, Object.fromEntries(bundle.map((c) => [c.fileName, c])));
  } catch {
    // the error is what the build would print
  }
  return raised;
}

describe('declared chunk groups', () => {
  const shell = chunk('assets/shell.js', 'shell', ['/app/main.tsx', '/nm/useQuery.js'], true);

  it('passes a build where each group holds its file and the shell holds none of the view-only modules', () => {
    expect(
      check([shell, chunk('assets/hls.js', 'hls', ['/app/warm-stream.ts', '/nm/hls.js'])], ['/nm/useMutation.js']),
    ).toBeNull();
  });

  it('stops the build when nothing imports a declared file any more', () => {
    expect(check([shell])).toMatch('/app/warm-stream.ts is in no chunk');
  });

  it('stops the build when a declared file landed in another chunk', () => {
    expect(check([shell, chunk('assets/views.js', 'views~a~b', ['/app/warm-stream.ts'])])).toMatch(
      '/app/warm-stream.ts is in assets/views.js, not in the hls group',
    );
  });

  it('stops the build when a module declared for the views is in the shell', () => {
    const hls = chunk('assets/hls.js', 'hls', ['/app/warm-stream.ts']);
    expect(check([shell, hls], ['/nm/useQuery.js'])).toMatch('/nm/useQuery.js is in the shell');
  });
});
