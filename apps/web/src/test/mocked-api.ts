import type { Mock } from 'vitest';
import { vi } from 'vitest';

/** What a typed call was given, as a test reads it. */
export type CallArgs = {
  path?: Record<string, string | number>;
  query?: object;
  body?: object;
  [option: string]: unknown;
};
type PlainCall = (path: string, options?: CallArgs) => Promise<unknown>;

/**
 * A mocked typed call (`api.get`, `api.post`, …) seen as a plain function, so a test can give it the answer a
 * scenario needs; the call sites themselves stay checked against the generated API types.
 */
export const mockedCall = (call: unknown) => vi.mocked(call as PlainCall) as Mock<PlainCall>;
