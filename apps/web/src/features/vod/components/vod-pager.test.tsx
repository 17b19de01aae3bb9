import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VodPager } from './vod-pager';

describe('the library pager', () => {
  it('shows nothing when every result fits on one page', () => {
    const { container } = render(<VodPager total={10} offset={0} limit={10} onOffset={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('goes to offset 10 from the first page of 12 results, and cannot go back from it', async () => {
    const onOffset = vi.fn();
    render(<VodPager total={12} offset={0} limit={10} onOffset={onOffset} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 1 of 2');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onOffset).toHaveBeenCalledWith(10);
  });

  it('goes back to offset 0 from the last page, and no further forward', async () => {
    const onOffset = vi.fn();
    render(<VodPager total={12} offset={10} limit={10} onOffset={onOffset} />);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onOffset).toHaveBeenCalledWith(0);
  });
});
