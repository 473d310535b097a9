import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface DialogProps {
  title: string;
  /** Escape, the backdrop and Cancel buttons call it; ignored while `busy`. */
  onClose: () => void;
  children: ReactNode;
  /** Buttons, right-aligned under the body. */
  footer?: ReactNode;
  busy?: boolean;
  /** `alertdialog` for confirmations of changes. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: focus moves in (to `[data-autofocus]` or the first control), Tab stays
 * inside, Escape closes, and focus returns to where it was when the dialog closes.
 */
export function Dialog({ title, onClose, children, footer, busy = false, role = 'dialog', className }: DialogProps) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = panel.current;
    const first = node?.querySelector<HTMLElement>('[data-autofocus]') ?? node?.querySelector<HTMLElement>(focusable);
    (first ?? node)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busyRef.current) {
        event.stopPropagation();
        close.current();
      }
      if (event.key !== 'Tab' || !node) return;
      const items = [...node.querySelectorAll<HTMLElement>(focusable)];
      const head = items[0];
      const tail = items[items.length - 1];
      if (!head || !tail) return;
      if (event.shiftKey && document.activeElement === head) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    document.body.classList.add('has-dialog');
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.body.classList.remove('has-dialog');
      before?.focus();
    };
  }, []);

  return createPortal(
    <div className="dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && !busy && onClose()}>
      <div
        ref={panel}
        className={`dialog${className ? ` ${className}` : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-busy={busy || undefined}
        tabIndex={-1}
      >
        <h2 id={`${id}-title`} className="dialog__title">
          {title}
        </h2>
        <div className="dialog__body">{children}</div>
        {footer && <div className="dialog__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs, e.g. "Merging…". */
  pendingLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  pending?: boolean;
  /** Shown inside the dialog, e.g. the error of the last attempt. */
  notice?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" for anything that changes the story: the action runs only from here. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  danger = false,
  pending = false,
  notice,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      busy={pending}
      role="alertdialog"
      footer={
        <>
          <button type="button" className="button" onClick={onCancel} disabled={pending} data-autofocus>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`button ${danger ? 'button--danger' : 'button--primary'}`}
            onClick={onConfirm}
            disabled={pending}
          >
            {pending ? (pendingLabel ?? `${confirmLabel}…`) : confirmLabel}
          </button>
        </>
      }
    >
      {children}
      {notice}
    </Dialog>
  );
}
