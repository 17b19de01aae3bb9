import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moduleOfExport } from './package-exports.ts';

describe('moduleOfExport', () => {
  it("finds the module that defines a package's export, by the export's name", () => {
    const file = moduleOfExport('@tanstack/react-query', 'useMutation');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/function useMutation\b/);
  });

  it('stops on a name the package does not export', () => {
    expect(() => moduleOfExport('@tanstack/react-query', 'useNothingAtAll')).toThrow(
      /no longer exports useNothingAtAll/,
    );
  });
});
