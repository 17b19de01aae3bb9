import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { toast, toastStore } from '@/lib/toast';
import { mockedCall } from '@/test/mocked-api';
import { pass } from '../../testing/fixtures';
import type { BasicPassState } from './basic-pass-offer';
import { BasicPassSection } from './basic-pass-section';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
const post = mockedCall(api.post);

afterEach(() => {
  post.mockReset();
  act(() => toast.clear());
});

const basic = pass({ id: 9, name: 'Basic pass', is_basic: true, price: 0, base_price: 0, priceTitle: 'USD $0.00' });

function renderSection(
  state: BasicPassState,
  refreshChoice = vi.fn(async (): Promise<void> => undefined),
  onChosen = vi.fn(),
) {
  render(
    <MemoryRouter>
      <BasicPassSection
        pass={basic}
        priceTitle="Free for the season"
        state={state}
        refreshChoice={refreshChoice}
        onChosen={onChosen}
      />
    </MemoryRouter>,
  );
  return { refreshChoice, onChosen };
}

describe('basic pass section', () => {
  it('asks a guest to sign up or sign in for it', () => {
    renderSection('guest');
    expect(
      screen.getByText('Start with the free basic pass, then add the seasons and teams you follow.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Basic pass' })).toBeVisible();
    expect(screen.getByText('Free')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/registration');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Choose the basic pass' })).not.toBeInTheDocument();
  });

  it('says a fan who has chosen it has it', () => {
    renderSection('chosen');
    expect(screen.getByText('Your basic pass is active')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('saves the choice, reads the passes form again, and only then moves the fan on', async () => {
    post.mockResolvedValue({
      data: { alias: 'passes', fields: [{ name: 'basic_pass', label: 'Basic pass', type: 'checkbox', value: 1 }] },
    });
    let reloaded: () => void = () => undefined;
    const refreshChoice = vi.fn(() => new Promise<void>((resolve) => (reloaded = resolve)));
    const { onChosen } = renderSection('choose', refreshChoice);
    expect(screen.getByRole('status')).toHaveTextContent(
      'One step left: choose your free basic pass to start watching.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Choose the basic pass' }));
    await vi.waitFor(() => expect(refreshChoice).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('/custom-forms/{alias}', {
      path: { alias: 'passes' },
      body: { fields: [{ name: 'basic_pass', value: 1 }] },
    });
    expect(onChosen).not.toHaveBeenCalled();

    await act(async () => reloaded());
    await vi.waitFor(() => expect(onChosen).toHaveBeenCalledTimes(1));
    expect(toastStore.get()).toEqual([
      expect.objectContaining({ type: 'success', message: 'Your basic pass is active. Enjoy the games!' }),
    ]);
  });

  it('shows a refused choice as an error toast, and leaves the fan where they are', async () => {
    post.mockRejectedValue(
      new ApiError({ status: 500, code: 'internal_error', message: 'Something went wrong', url: '' }),
    );
    const { refreshChoice, onChosen } = renderSection('choose');
    await userEvent.click(screen.getByRole('button', { name: 'Choose the basic pass' }));
    await vi.waitFor(() => expect(toastStore.get()).toEqual([expect.objectContaining({ type: 'error' })]));
    expect(refreshChoice).not.toHaveBeenCalled();
    expect(onChosen).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose the basic pass' })).toBeVisible();
  });
});
