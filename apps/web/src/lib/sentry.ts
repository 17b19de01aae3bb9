// The error-logging SDK, in a chunk of its own: loaded only when the channel file names a DSN.
export { captureException, init } from '@sentry/browser';
