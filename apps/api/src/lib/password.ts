import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

/** scrypt parameters; cost is log2(N). 15 (32 MiB, about 60 ms here) in production; tests may lower it. */
export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
};

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, 32, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Memory-hard password hashes with a per-password random salt, self-describing so the cost can change later. */
export function createPasswordHasher({ cost = 15 }: { cost?: number } = {}): PasswordHasher {
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const N = 2 ** cost;
      const key = await scrypt(password, salt, N, 8, 1);
      return `scrypt$${N}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    },
    async verify(password, stored) {
      const [scheme, n, r, p, salt, hash] = stored.split('$');
      if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
      const expected = Buffer.from(hash, 'base64url');
      const key = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
      return key.length === expected.length && timingSafeEqual(key, expected);
    },
  };
}
