import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDisclosure } from './use-disclosure';

type Options = Parameters<typeof useDisclosure>[0];

/** A button and its panel inside `rootRef`, and one thing outside it to press and focus. */
function Harness({ options, buttonInside = true }: { options?: Options; buttonInside?: boolean }) {
  const { open, setOpen, rootRef, buttonRef } = useDisclosure(options);
  const button = (
    <button ref={buttonRef} type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
      Toggle
    </button>
  );
  return (
    <>
      {!buttonInside && button}
      <div ref={rootRef}>
        {buttonInside && button}
        <div hidden={!open}>
          <a href="#in">Inside</a>
        </div>
      </div>
      <a href="#out">Outside</a>
    </>
  );
}

const toggle = () => screen.getByRole('button', { name: 'Toggle' });

describe('useDisclosure', () => {
  it('closes on a press outside, not inside, and gives the focus back to the button on Escape', async () => {
    render(<Harness />);
    await userEvent.click(toggle());
    await userEvent.click(screen.getByRole('link', { name: 'Inside' }));
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('link', { name: 'Outside' }));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(toggle());
    screen.getByRole('link', { name: 'Outside' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveFocus();
  });

  it('closes when the watched value changes, and only then', async () => {
    const { rerender } = render(<Harness options={{ closeOnChange: 'a' }} />);
    await userEvent.click(toggle());
    rerender(<Harness options={{ closeOnChange: 'a' }} />);
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    rerender(<Harness options={{ closeOnChange: 'b' }} />);
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('can stay open on outside presses and move the focus only when it was inside', async () => {
    render(<Harness options={{ closeOnOutsidePress: false, refocusOnEscape: 'from-inside' }} buttonInside={false} />);
    await userEvent.click(toggle());
    const outside = screen.getByRole('link', { name: 'Outside' });
    await userEvent.click(outside);
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    outside.focus();
    await userEvent.keyboard('{Escape}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(outside).toHaveFocus();

    await userEvent.click(toggle());
    screen.getByRole('link', { name: 'Inside' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(toggle()).toHaveFocus();
  });
});
