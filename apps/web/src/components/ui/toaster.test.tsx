import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { Toaster } from './toaster';

afterEach(() => {
  act(() => toast.clear());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows info by default, errors as alerts and success as status', () => {
    render(<Toaster />);
    act(() => {
      toast.show('Saved to favourites');
      toast.error('Payment failed');
      toast.success('Pass bought');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Payment failed');
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((s) => [s.textContent, s.dataset.type])).toEqual([
      ['Saved to favouritesDismiss', 'info'],
      ['Pass boughtDismiss', 'success'],
    ]);
  });

  it('counts its time from when it is on screen, not from when it was made', () => {
    vi.useFakeTimers();
    act(() => {
      toast.info('Made before the toaster came');
    });
    act(() => vi.advanceTimersByTime(3000));
    render(<Toaster />);
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Made before the toaster came')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Made before the toaster came')).not.toBeInTheDocument();
  });

  it('disappears after 5000 ms by default, or after its own duration', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.info('Five seconds');
      toast.info('One second', { duration: 1000 });
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('One second')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3999));
    expect(screen.getByText('Five seconds')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Five seconds')).not.toBeInTheDocument();
  });

  it('shows a notice with an id once, however often it is raised', () => {
    render(<Toaster />);
    act(() => {
      for (let i = 0; i < 3; i++) toast.error('Too many requests', { id: 'rate-limited' });
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('can be dismissed', async () => {
    render(<Toaster />);
    act(() => void toast.info('Dismiss me'));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Dismiss me')).not.toBeInTheDocument();
  });
});
