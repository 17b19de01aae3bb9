// The same definition of "repaired" as the install step's; esbuild bundles it into the server.
import { findPostgresPackage, repairProblem } from '../../../../scripts/postgres-repair.mjs';
import { StartupError } from '../config/startup-checks';

/**
 * Refuses PostgreSQL when its driver lacks Sideline's repair (docs/decisions/0012): without it a connection lost under
 * load crashes the whole process, so a server installed with `--ignore-scripts`, or with a driver version the repair
 * was not written for, stops at start with one line instead of running until the first database restart.
 * `pkgDir` defaults to the postgres.js this module would load.
 */
export function assertPostgresRepaired(pkgDir = findPostgresPackage(import.meta.url)) {
  // Not installed: the import that follows fails with its own clear message.
  if (!pkgDir) return;
  const problem = repairProblem(pkgDir);
  if (problem) throw new StartupError(`Cannot use PostgreSQL: ${problem}`);
}
