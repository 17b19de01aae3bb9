/**
 * Failed requests go to the error-logging service when the channel names one (Sentry). The SDK is loaded lazily,
 * after startup, and only then; without a DSN reporting is a no-op and the SDK is never downloaded.
 */
type Sdk = typeof import('./sentry');

let dsn: string | null = null;
let sdk: Promise<Sdk> | null = null;

function load(): Promise<Sdk> {
  sdk ??= import('./sentry').then((m) => {
    m.init({ dsn: dsn ?? undefined });
    return m;
  });
  return sdk;
}

export function initErrorReporting(channelDsn: string | null | undefined) {
  dsn = channelDsn || null;
  // Loaded when the browser is idle, so uncaught errors are caught too without slowing the first paint.
  if (dsn) setTimeout(() => void load().catch(() => undefined), 2_000);
}

export function reportError(error: unknown, context: Record<string, string | number> = {}) {
  if (!dsn) return;
  load()
    .then((m) => m.captureException(error, { extra: context }))
    .catch(() => undefined);
}
