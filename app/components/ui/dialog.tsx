import type { ReactNode } from 'react';
import {
  Dialog as AriaDialog,
  DialogTrigger,
  Heading,
  Modal as AriaModal,
  ModalOverlay,
  type DialogProps,
  type ModalOverlayProps,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { Button } from './button';
import { cx, withClassName } from './cx';

export { DialogTrigger };

/** A centred modal: dimmed backdrop, closes with Escape and (when dismissable) a click outside. */
export function Modal({ className, children, ...props }: ModalOverlayProps & { children: ReactNode }) {
  return (
    <ModalOverlay
      isDismissable
      {...props}
      className="fixed inset-0 z-50 flex items-center justify-center bg-brand-dark/50 p-4"
    >
      <AriaModal className={withClassName('w-full max-w-lg rounded-xl bg-white shadow-2xl outline-none', className)}>
        {children}
      </AriaModal>
    </ModalOverlay>
  );
}

/** A side drawer (mobile navigation): slides in from the left edge, closes with Escape or a click outside. */
export function Drawer({ className, children, ...props }: ModalOverlayProps & { children: ReactNode }) {
  return (
    <ModalOverlay isDismissable {...props} className="fixed inset-0 z-50 bg-brand-dark/50">
      <AriaModal
        className={withClassName('fixed inset-y-0 left-0 h-full w-sidebar max-w-[85vw] overflow-y-auto shadow-2xl outline-none', className)}
      >
        {children}
      </AriaModal>
    </ModalOverlay>
  );
}

/** Dialog content with a heading and a close button. */
export function Dialog({
  title,
  children,
  className,
  ...props
}: Omit<DialogProps, 'children'> & { title: ReactNode; children: ReactNode | ((close: () => void) => ReactNode) }) {
  const { t } = useTranslation();
  return (
    <AriaDialog {...props} className={cx('relative p-6 outline-none', className)}>
      {({ close }) => (
        <>
          <Heading slot="title" className="pr-10 text-xl font-semibold">
            {title}
          </Heading>
          <Button variant="transparent" className="absolute right-3 top-3 !p-2" aria-label={t('actions.close')} onPress={close}>
            <X aria-hidden="true" className="h-5 w-5" />
          </Button>
          <div className="mt-4">{typeof children === 'function' ? children(close) : children}</div>
        </>
      )}
    </AriaDialog>
  );
}
