import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now (the kernel picks it). */
export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const address = srv.address();
  await new Promise((r) => srv.close(r));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}
