import { describe, expect, it } from 'vitest';
import { contractError, contractErrors } from './api-contract';
import { fakeApiClient, skipContractCheck, takeFakeCalls } from './fake-api-client';
import { mockedCall } from './mocked-api';

const form = { alias: 'passes', fields: [{ name: 'basic_pass', label: 'Basic pass', type: 'checkbox', value: true }] };

describe('contractError', () => {
  it('passes an answer the API document describes', () => {
    expect(contractError('get', '/custom-forms/{alias}', { data: form })).toBeNull();
    expect(
      contractError('get', '/custom-forms/{alias}', {
        data: { ...form, fields: [{ ...form.fields[0], value: null }] },
      }),
    ).toBeNull();
  });

  it('fails a drifted fake, naming the call, the field and what is wrong', () => {
    const drifted = { data: { ...form, fields: [{ ...form.fields[0], label: 7 }] } };
    const error = contractError('get', '/custom-forms/{alias}', drifted);
    expect(error).toContain('GET /custom-forms/{alias}');
    expect(error).toContain('/data/fields/0/label must be string');
  });

  it('fails a field the API does not send and a missing one', () => {
    expect(contractError('get', '/custom-forms/{alias}', { data: { ...form, title: 'Passes' } })).toContain(
      'must NOT have additional properties',
    );
    expect(contractError('get', '/custom-forms/{alias}', { data: { alias: 'passes' } })).toContain(
      "must have required property 'fields'",
    );
  });

  it('fails a fake of a call the API does not have', () => {
    expect(contractError('get', '/custom-form/{alias}', { data: form })).toContain(
      'the API document has no GET /api/custom-form/{alias}',
    );
    expect(contractError('delete', '/custom-forms/{alias}', {})).toContain('no DELETE');
  });
});

const answered = { type: 'return', value: Promise.resolve() };

describe('contractErrors', () => {
  it('checks only the answers a mock gave and kept, each against its own call', () => {
    const errors = contractErrors('get', {
      calls: [['/custom-forms/{alias}'], ['/custom-forms/{alias}'], ['/custom-forms/{alias}'], ['/nowhere']],
      results: [answered, answered, answered, { type: 'return', value: undefined }],
      settledResults: [
        { type: 'fulfilled', value: { data: form } },
        { type: 'rejected', value: new Error('404') },
        { type: 'fulfilled', value: { data: { alias: 1, fields: [] } } },
        { type: 'fulfilled', value: undefined },
      ],
    });
    expect(errors).toEqual([expect.stringContaining('/data/alias must be string')]);
  });
});

describe('a fake client', () => {
  it('keeps what a test resets before the check, and checks it after the test', async () => {
    const { api } = fakeApiClient();
    mockedCall(api.get).mockResolvedValue({ data: { alias: 'passes', fields: 'none' } });
    await api.get('/custom-forms/{alias}', { path: { alias: 'passes' } });
    mockedCall(api.get).mockReset();
    const errors = takeFakeCalls().flatMap(({ method, record }) => contractErrors(method, record));
    expect(errors).toEqual([expect.stringContaining('GET /custom-forms/{alias}: ')]);
    expect(errors[0]).toContain('/data/fields must be array');
  });

  it('leaves alone a call the test opts out of checking', async () => {
    const { api } = fakeApiClient();
    skipContractCheck(api.post);
    mockedCall(api.post).mockResolvedValue({ anything: true });
    await api.post('/not-in-the-document' as never);
    expect(takeFakeCalls()).toEqual([]);
  });
});
