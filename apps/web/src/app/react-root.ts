/*
 * React DOM, imported by the boot (boot.tsx) rather than with the shell, so its evaluation is a task of its own.
 * Evaluating it creates a few errors (React's markers), and where the browser is inspected (Lighthouse, the
 * benchmarks' Chromium) each takes a stack trace, which has V8 re-read every function on the stack for its source
 * positions: inside the shell, that was the whole shell and React DOM again, a 400 to 650 ms task at a 4x slowdown.
 * The page asks for this chunk as the entry joins it (build/start-after-first-paint.ts): its download overlaps the
 * shell's evaluation and the boot's first steps, which do not wait for it. The markers' errors themselves are made
 * by the boot before this import, so this chunk is not re-read either (react-markers.ts).
 */
export { createRoot } from 'react-dom/client';
