/**
 * Resolves in a later task, so the browser may paint and handle input in between: the app's start is a few
 * tasks, not one long one (a phone's CPU spends tens of milliseconds in each step). `scheduler.yield` where the
 * browser has it (it resumes before other queued work), else a zero timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
