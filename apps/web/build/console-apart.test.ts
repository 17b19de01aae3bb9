import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { consoleApart, isConsoleModule } from './console-apart.ts';

type Chunk = { file: string; modules: string[]; entry?: boolean; imports?: string[]; lazy?: string[] };
const chunk = ({ file, modules, entry = false, imports = [], lazy = [] }: Chunk) =>
  ({
    type: 'chunk',
    fileName: file,
    name: file,
    moduleIds: modules,
    facadeModuleId: modules[0] ?? null,
    isEntry: entry,
    imports,
    dynamicImports: lazy,
  }) as unknown as Rollup.OutputChunk;

/** Runs the plugin's check on a bundle; returns the build error it raised, or null. */
function check(chunks: Rollup.OutputChunk[]): string | null {
  let raised: string | null = null;
  const context = {
    error: (message: string) => {
      raised = message;
      throw new Error(message);
    },
  };
  const generate = consoleApart().generateBundle as (this: unknown, o: unknown, b: Rollup.OutputBundle) => void;
  try {
    generate.call(context, {}, Object.fromEntries(chunks.map((c) => [c.fileName, c])));
  } catch {
    // the error is what the build would print
  }
  return raised;
}

const APP = '/w/apps/web/src/app/routes/console-app.tsx';
const DOORWAY = '/w/apps/web/src/app/routes/console.tsx';
const SHELL = '/w/apps/web/src/main.tsx';
const FAQ = '/w/apps/web/src/app/routes/faq.tsx';
const NOT_FOUND = '/w/apps/web/src/app/routes/not-found.tsx';
const BRANDING = '/w/apps/web/src/features/console/components/branding-form.tsx';
const CONSOLE_TEXTS = '/w/apps/web/src/locales/console/en.ts';
const CONTRACT = '/w/packages/contract/src/console.ts';
const ZOD = '/w/node_modules/zod/v4/core/schemas.js';

/** A build as it should be: the doorway with the not-found page, the console's code behind its app. */
const build = (overrides: Partial<Record<'shell' | 'faq' | 'notFound' | 'console' | 'shared', string[]>> = {}) => [
  chunk({
    file: 'shell.js',
    modules: overrides.shell ?? [SHELL],
    entry: true,
    lazy: ['faq.js', 'not-found.js'],
  }),
  chunk({ file: 'faq.js', modules: overrides.faq ?? [FAQ], imports: ['shell.js', 'views.js'] }),
  chunk({ file: 'not-found.js', modules: overrides.notFound ?? [NOT_FOUND, DOORWAY], lazy: ['console-app.js'] }),
  chunk({
    file: 'console-app.js',
    modules: overrides.console ?? [APP, BRANDING, CONSOLE_TEXTS, CONTRACT],
    imports: ['shell.js', 'views.js'],
  }),
  chunk({ file: 'views.js', modules: overrides.shared ?? [ZOD], imports: ['shell.js'] }),
];

describe('the console apart from fans’ pages', () => {
  it('knows the console’s modules, and not its doorway or the fans’ ones', () => {
    expect(
      [APP, BRANDING, CONSOLE_TEXTS, CONTRACT, '/w/packages/contract/src/console-catalogue.ts'].map(isConsoleModule),
    ).toEqual([true, true, true, true, true]);
    expect([DOORWAY, FAQ, SHELL, ZOD, '/w/packages/contract/src/channel.ts'].map(isConsoleModule)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('passes a build where the console’s code loads only through its app', () => {
    expect(check(build())).toBeNull();
  });

  it('stops the build when the shell holds console code, its doorway included', () => {
    expect(check(build({ shell: [SHELL, CONSOLE_TEXTS] }))).toMatch(
      `${CONSOLE_TEXTS} is in shell.js, which every page`,
    );
    expect(check(build({ shell: [SHELL, DOORWAY], notFound: [NOT_FOUND] }))).toMatch(
      `${DOORWAY} is in shell.js, which every page loads first`,
    );
  });

  it('stops the build when a fan’s view, or a chunk the views share, holds console code', () => {
    expect(check(build({ faq: [FAQ, BRANDING] }))).toMatch(`${BRANDING} is in faq.js, which fans' pages load`);
    expect(check(build({ shared: [ZOD, CONTRACT] }))).toMatch(`${CONTRACT} is in views.js, which fans' pages load`);
  });

  it('stops the build when the console’s app is gone', () => {
    expect(check(build({ console: ['/w/apps/web/src/app/routes/other.tsx'] }))).toMatch('no chunk begins with');
  });
});
