import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Writes, per Vitest project, how long it took (first file started to last file ended, wall clock), its files and
 * the sum of their durations, and its slowest file, as tab-separated lines to PHASE_TIMINGS_FILE, for the table
 * scripts/test-all.sh prints at the end. Projects share the workers, so their spans overlap: the sum of the spans is
 * more than the test phase took.
 */
export default class PhaseReporter implements Reporter {
  private readonly starts = new Map<string, number>();
  private readonly projects = new Map<
    string,
    { first: number; last: number; files: number; sum: number; slowest: string; slowestMs: number }
  >();

  onTestModuleStart(module: TestModule) {
    this.starts.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    const end = Date.now();
    const start = this.starts.get(module.moduleId) ?? end;
    const duration = module.diagnostic().duration;
    const name = module.project.name || 'root';
    const entry = this.projects.get(name) ?? {
      first: start,
      last: end,
      files: 0,
      sum: 0,
      slowest: '',
      slowestMs: -1,
    };
    entry.first = Math.min(entry.first, start);
    entry.last = Math.max(entry.last, end);
    entry.files += 1;
    entry.sum += duration;
    if (duration > entry.slowestMs) {
      entry.slowestMs = duration;
      entry.slowest = module.relativeModuleId;
    }
    this.projects.set(name, entry);
  }

  onTestRunEnd() {
    const file = process.env.PHASE_TIMINGS_FILE;
    if (!file) return;
    const s = (ms: number) => Math.round(ms / 1000);
    for (const [name, p] of [...this.projects].sort((a, b) => a[1].first - b[1].first)) {
      const detail = `${p.files} files, ${s(p.sum)} s summed, slowest ${p.slowest} ${s(p.slowestMs)} s`;
      appendFileSync(file, `vitest ${name}\t${s(p.last - p.first)}\t${detail}\n`);
    }
  }
}
