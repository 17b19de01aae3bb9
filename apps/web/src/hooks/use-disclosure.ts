import { useEffect, useRef, useState } from 'react';

type DisclosureOptions = {
  /**
   * Closes it whenever this changes: a location's `key` for any navigation (a link to the page itself included),
   * its `pathname` for a move to another page. Left out, nothing outside the hook closes it.
   */
  closeOnChange?: unknown;
  /** A press outside `rootRef` closes it (the default); off where the page around it stays usable anyway. */
  closeOnOutsidePress?: boolean;
  /**
   * Where Escape leaves the focus: on the button always (the default), or only when the focus was inside
   * `rootRef`, since content that hides with the focus in it drops the focus to the page's start.
   */
  refocusOnEscape?: 'always' | 'from-inside';
};

/**
 * A button's open state that Escape closes. `rootRef` marks what counts as inside: the element holding the button
 * and its content for outside presses, the content for `refocusOnEscape: 'from-inside'`.
 */
export function useDisclosure<Root extends HTMLElement = HTMLDivElement>({
  closeOnChange,
  closeOnOutsidePress = true,
  refocusOnEscape = 'always',
}: DisclosureOptions = {}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<Root>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [openedOn, setOpenedOn] = useState(closeOnChange);
  if (openedOn !== closeOnChange) {
    setOpenedOn(closeOnChange);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      if (refocusOnEscape === 'always' || rootRef.current?.contains(document.activeElement)) {
        buttonRef.current?.focus();
      }
    };
    if (closeOnOutsidePress) document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, closeOnOutsidePress, refocusOnEscape]);

  return { open, setOpen, rootRef, buttonRef };
}
