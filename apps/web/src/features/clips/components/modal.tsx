import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import styles from './clips.module.css';

type Props = {
  title: string;
  onClose: () => void;
  /** The close button's name. */
  closeLabel: string;
  wide?: boolean;
  children: ReactNode;
};

/**
 * A modal on the native <dialog> (as the app's confirm popup): the browser traps focus and makes the page behind
 * it inert, Escape closes it, and focus goes back to the control that opened it.
 */
export function Modal({ title, onClose, closeLabel, wide, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useLayoutEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog?.showModal === 'function') dialog.showModal();
    else dialog?.setAttribute('open', '');
    return () => opener?.focus();
  }, []);

  return (
    <dialog
      ref={ref}
      className={wide ? `${styles.modal} ${styles.modalWide}` : styles.modal}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // React removes the dialog: the browser must not close it on its own first.
        event.preventDefault();
        close.current();
      }}
    >
      <div className={styles.modalHead}>
        <h2 id={titleId} className={styles.modalTitle}>
          {title}
        </h2>
        <button type="button" className={styles.closeButton} onClick={() => close.current()} aria-label={closeLabel}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {children}
    </dialog>
  );
}
