import { Writable } from 'node:stream';

export type LogLine = { level: number; msg?: string; why?: string; eventId?: number } & Record<string, unknown>;

/** A logger for `createTestApp` that keeps the app's JSON log lines in `lines`, for a test to read what it said. */
export function logLines(level = 'info') {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { lines, logger: { level, stream } };
}
