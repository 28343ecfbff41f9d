import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A modal on visitor pages, on the native <dialog> element (focus trap, Escape and the top layer come from the
 * browser, no library). `open` renders it open from the server (a link with a query parameter opens it without
 * JavaScript); with JavaScript it opens as a real modal. Without `onClose` there is no way out: the
 * business-card form that must be filled in.
 */
export function VisitorDialog({
  id,
  title,
  open,
  onClose,
  closeHref,
  children,
  wide = false,
}: {
  id: string;
  title: string;
  open: boolean;
  /** closes it; left out, the dialog cannot be closed (no button, Escape ignored) */
  onClose?: () => void;
  /** where the close link leads without JavaScript */
  closeHref?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation('visitor');
  const ref = useRef<HTMLDialogElement>(null);
  // The open attribute is only the server's starting point: afterwards showModal() and close() alone open and
  // close it. React removing the attribute from a modal dialog would hide it but leave the page inert.
  const [openedByServer] = useState(open);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.matches(':modal')) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);
  const closable = Boolean(onClose);
  // the browser may close a dialog on its own (Escape twice, Android's back gesture): a dialog that may be closed
  // tells its owner, one that must stay (an incomplete business card) opens again
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const closed = () => {
      // (a server-opened dialog is closed and shown again as a modal at once: that close is not one)
      if (!open || dialog.open) return;
      if (onClose) onClose();
      else dialog.showModal();
    };
    dialog.addEventListener('close', closed);
    return () => dialog.removeEventListener('close', closed);
  }, [open, onClose]);
  return (
    // the click handler only closes on a backdrop click; keyboard users close with Escape (the dialog's cancel event)
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      id={id}
      open={openedByServer ? true : undefined}
      aria-labelledby={`${id}-title`}
      // browsers that know it (Chromium) then ignore Escape and the back gesture for a dialog that must stay
      {...{ closedby: closable ? 'closerequest' : 'none' }}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
      onClick={(event) => {
        // a click on the backdrop (the dialog itself, outside its panel) closes it
        if (closable && event.target === event.currentTarget) onClose?.();
      }}
      className={`fixed inset-0 z-50 m-auto w-[calc(100%-2rem)] ${wide ? 'max-w-3xl' : 'max-w-lg'} rounded-lg bg-white p-0 text-gray-900 shadow-xl backdrop:bg-black/60`}
    >
      <div className="max-h-[85vh] overflow-y-auto p-5">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          {closable ? (
            <a
              href={closeHref ?? '#'}
              onClick={(event) => {
                event.preventDefault();
                onClose?.();
              }}
              className="rounded-md px-2 py-1 text-2xl leading-none text-gray-600 outline-none ring-brand-dark hover:bg-gray-100 focus-visible:ring-2"
              aria-label={t('dialog.close')}
              role="button"
            >
              <span aria-hidden="true">×</span>
            </a>
          ) : null}
        </div>
        {children}
      </div>
    </dialog>
  );
}
