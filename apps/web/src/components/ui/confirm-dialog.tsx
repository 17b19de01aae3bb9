import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogRequest } from '@/lib/dialog';
import styles from './dialog.module.css';

/**
 * A modal confirm on the native <dialog>: the browser traps focus and makes the page behind it inert; Escape
 * cancels. Focus starts on the harmless choice and returns to where it was when the dialog goes away.
 */
export function ConfirmDialog({ request }: { request: DialogRequest }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const settled = useRef(false);
  const titleId = useId();
  const messageId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog?.showModal === 'function') dialog.showModal();
    else dialog?.setAttribute('open', '');
    cancelRef.current?.focus();
    return () => {
      // React runs this before it removes the dialog: while the dialog is still modal the page behind it is inert
      // and cannot take the focus, so close it first.
      if (dialog?.open && typeof dialog.close === 'function') dialog.close();
      opener?.focus();
    };
  }, []);

  const settle = (ok: boolean) => {
    if (settled.current) return;
    settled.current = true;
    if (ok) request.ok();
    else request.cancel();
  };

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={request.message ? messageId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        settle(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          settle(false);
        }
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {request.title}
      </h2>
      {request.message && (
        <p id={messageId} className={styles.message}>
          {request.message}
        </p>
      )}
      <div className={styles.actions}>
        <button ref={cancelRef} type="button" className="button button-outline" onClick={() => settle(false)}>
          {request.cancelLabel ?? t('dialog.cancel')}
        </button>
        <button type="button" className="button button-solid" onClick={() => settle(true)}>
          {request.okLabel ?? t('dialog.ok')}
        </button>
      </div>
    </dialog>
  );
}
