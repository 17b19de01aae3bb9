import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createLocalJWKSet, exportJWK, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';

export type SandboxKeys = {
  privateKey: KeyObject;
  kid: string;
  /** The published key set (`jwks_uri`), public keys only. */
  jwks: JSONWebKeySet;
  /** The same key set as a verifier's key resolver: what jose's remote key set gives for Google's URL. */
  keys: JWTVerifyGetKey;
};

/**
 * The sandbox's RS256 signing key, made once and kept in the data folder (mode 600) like the other local secrets,
 * so tokens and codes outlive a restart and every process on the same data folder signs with the same key.
 */
export async function loadSandboxKeys(dataDir: string): Promise<SandboxKeys> {
  const file = path.join(dataDir, 'secrets', 'identity-sandbox-rs256.pem');
  let pem: string;
  try {
    pem = await readFile(file, 'utf8');
  } catch {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const fresh = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    // `wx`: two processes starting together keep the first one's key.
    await writeFile(file, fresh, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    pem = await readFile(file, 'utf8');
  }
  const privateKey = createPrivateKey(pem);
  const jwk = await exportJWK(createPublicKey(privateKey));
  // The key id names the key, so a rotated key (a new data folder) is told apart from the old one.
  const kid = `sandbox-${(jwk.n ?? '').slice(0, 16)}`;
  const jwks: JSONWebKeySet = { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] };
  return { privateKey, kid, jwks, keys: createLocalJWKSet(jwks) };
}
