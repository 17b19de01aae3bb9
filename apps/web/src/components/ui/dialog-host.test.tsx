import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CanceledError, confirm, dialogStore } from '@/lib/dialog';
import { DialogHost } from './dialog-host';

/** Opens a confirm; the outcome is 'ok' or the rejection, observed at once so no rejection goes unhandled. */
async function open(title = 'Delete this clip?'): Promise<{ outcome: Promise<unknown> }> {
  let outcome: Promise<unknown> = Promise.resolve();
  act(() => {
    outcome = confirm({ title, message: 'It cannot be undone.', okLabel: 'Delete' }).then(
      () => 'ok',
      (error: unknown) => error,
    );
  });
  await screen.findByRole('dialog');
  return { outcome };
}

describe('confirm popup', () => {
  it('resolves on OK and is removed afterwards', async () => {
    render(<DialogHost />);
    const { outcome: answer } = await open();
    const dialog = screen.getByRole('dialog', { name: 'Delete this clip?' });
    expect(dialog).toHaveAccessibleDescription('It cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await answer).toBe('ok');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(dialogStore.get()).toEqual([]);
  });

  it('rejects with a canceled error on Cancel, focused first, and is removed', async () => {
    render(<DialogHost />);
    const { outcome: answer } = await open();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await answer).toBeInstanceOf(CanceledError);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancels on Escape and gives focus back to the opener', async () => {
    render(
      <>
        <button type="button">Open</button>
        <DialogHost />
      </>,
    );
    screen.getByRole('button', { name: 'Open' }).focus();
    const { outcome: answer } = await open();
    await userEvent.keyboard('{Escape}');
    expect(await answer).toBeInstanceOf(CanceledError);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('shows popups one after another', async () => {
    render(<DialogHost />);
    const { outcome: first } = await open('First?');
    const { outcome: second } = await open('Second?');
    expect(screen.getByRole('dialog', { name: 'First?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await first).toBe('ok');
    expect(screen.getByRole('dialog', { name: 'Second?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await second).toBeInstanceOf(CanceledError);
  });
});
