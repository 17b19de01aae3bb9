import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { mockedCall } from '@/test/mocked-api';
import { customFormQueryKey, customFormQueryOptions, refreshCustomForm } from './get-custom-form';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
const get = mockedCall(api.get);

afterEach(() => get.mockReset());

describe('refreshCustomForm', () => {
  it('reads the form again, with no screen showing it, before it resolves (the guards read it next)', async () => {
    const chosen = {
      alias: 'passes',
      fields: [{ name: 'basic_pass', label: 'Basic pass', type: 'checkbox', value: 1 }],
    };
    get.mockResolvedValueOnce({ data: { alias: 'passes', fields: [] } }).mockResolvedValueOnce({ data: chosen });
    const queryClient = new QueryClient();
    // As the guards read it: in the cache, with no screen observing it.
    await queryClient.fetchQuery(customFormQueryOptions('passes'));

    await refreshCustomForm(queryClient, 'passes');
    expect(get).toHaveBeenCalledTimes(2);
    expect(get).toHaveBeenLastCalledWith('/custom-forms/{alias}', { path: { alias: 'passes' }, quiet: [404] });
    expect(queryClient.getQueryData(customFormQueryKey('passes'))).toEqual(chosen);
  });
});
