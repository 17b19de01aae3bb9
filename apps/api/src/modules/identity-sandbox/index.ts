/**
 * The identity sandbox's public entry: an OpenID Connect provider shaped like Google's, for channels with no
 * Google client (the demo, the tests). The auth module verifies its tokens on the path of Google's own.
 */

export { identitySandboxRoutes } from './identity-sandbox.routes';
export type { IdentitySandbox } from './identity-sandbox.service';
export { createIdentitySandbox, IDENTITY_SANDBOX_PATH } from './identity-sandbox.service';
export { assertIdentitySandboxAllowed } from './sandbox-guard';
export { loadSandboxKeys } from './sandbox-keys';
