// Types for scripts/postgres-repair.mjs, which stays plain JavaScript so that the install runs it with plain Node.
export const PINNED_VERSION: string;
export const REPAIR_MARK: string;
export const REPAIRED_FILES: readonly string[];
export const REPAIRS: ReadonlyArray<readonly [from: string, to: string]>;
export function findPostgresPackage(fromFile: string): string | undefined;
export function repairProblem(pkgDir: string): string | undefined;
export function applyRepair(pkgDir: string): string | undefined;
