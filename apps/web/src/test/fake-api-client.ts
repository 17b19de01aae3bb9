import type { Mock } from 'vitest';
import { vi } from 'vitest';
import type { CallRecord } from './api-contract';

/**
 * The web client as tests fake it: `vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client'))
 * .fakeApiClient())`. Every answer a test gives its typed calls (`mockedCall(api.get).mockResolvedValue(…)`) is
 * checked after the test against the API's OpenAPI document (test/setup.ts): a fake the server could not give fails.
 */

type FakeMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Registered = {
  method: FakeMethod;
  /** What the mock recorded before a test cleared or reset it (its records are then gone from `mock`). */
  cleared: CallRecord[];
  /** How many of the mock's current calls were already checked. */
  checked: number;
  /** The test opted out of checking this call (skipContractCheck). */
  optedOut: boolean;
};

const registry = new Map<Mock, Registered>();

/** The typed call mocks of a fake client: `api.get` … `api.delete`, each checked against the document. */
function checkedCall(method: FakeMethod): Mock {
  const mock = vi.fn();
  const entry: Registered = { method, cleared: [], checked: 0, optedOut: false };
  // A test's own `mockReset()`/`vi.clearAllMocks()` (its afterEach runs before the setup's) would drop the records
  // before they are checked: they are kept aside first.
  const clear = mock.mockClear.bind(mock);
  mock.mockClear = () => {
    entry.cleared.push(unchecked(mock, entry));
    entry.checked = 0;
    return clear();
  };
  registry.set(mock, entry);
  return mock;
}

/** The mocked `@/lib/api-client` module. */
export function fakeApiClient() {
  return {
    api: {
      keys: {
        get: vi.fn(async () => 'test-api-key'),
        replace: vi.fn(),
        isGuest: vi.fn(() => false),
        markGuest: vi.fn(),
      },
      get: checkedCall('get'),
      post: checkedCall('post'),
      put: checkedCall('put'),
      patch: checkedCall('patch'),
      delete: checkedCall('delete'),
    },
  };
}

/** A test that fakes answers the document does not describe, on purpose, says so for that call (`api.get` …). */
export function skipContractCheck(call: unknown): void {
  const entry = registry.get(call as Mock);
  if (!entry) throw new Error('skipContractCheck: not a call of fakeApiClient()');
  entry.optedOut = true;
}

/** The mock's calls (and how they settled) not checked yet. */
function unchecked(mock: Mock, entry: Registered): CallRecord {
  return {
    calls: mock.mock.calls.slice(entry.checked),
    results: mock.mock.results.slice(entry.checked),
    settledResults: mock.mock.settledResults.slice(entry.checked),
  };
}

/** What every fake call recorded since the last look: the setup's afterEach checks each answer. */
export function takeFakeCalls(): { method: FakeMethod; record: CallRecord }[] {
  const taken: { method: FakeMethod; record: CallRecord }[] = [];
  for (const [mock, entry] of registry) {
    const records = [...entry.cleared, unchecked(mock, entry)];
    entry.cleared = [];
    entry.checked = mock.mock.calls.length;
    if (entry.optedOut) continue;
    for (const record of records) if (record.calls.length) taken.push({ method: entry.method, record });
  }
  return taken;
}
