import { Form, Link, useLocation } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClassName } from '../ui/button';
import { Dialog, DialogTrigger, Modal } from '../ui/dialog';
import { useHydrated } from '../ui/use-hydrated';

export interface ConfirmDeleteProps {
  /** the action's intent, e.g. `delete` or `removeStand` */
  intent: string;
  id: string;
  /** shown in the question and sent along for the toast */
  name: string;
  /** the button text, e.g. "Delete" */
  label: ReactNode;
  /** an accessible name for the button when several sit on one page ("Delete hall Nord") */
  ariaLabel?: string;
  title: string;
  message: string;
  /** the action path when it is not the current page */
  action?: string;
}

function HiddenFields({ intent, id, name, confirmed }: { intent: string; id: string; name: string; confirmed: boolean }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="name" value={name} />
      {confirmed ? <input type="hidden" name="confirmed" value="yes" /> : null}
    </>
  );
}

/**
 * A delete button that asks first. With JavaScript it opens a dialog whose confirm button posts the form;
 * without JavaScript it posts without `confirmed`, and the action answers with the confirmation step
 * (`ConfirmStep`), a second "really delete" form.
 */
export function ConfirmDelete({ intent, id, name, label, ariaLabel, title, message, action }: ConfirmDeleteProps) {
  const { t } = useTranslation('common');
  const hydrated = useHydrated();
  const buttonClass = '!px-3 !py-1.5 text-sm text-brand-red';
  if (!hydrated) {
    return (
      <Form method="post" action={action}>
        <HiddenFields intent={intent} id={id} name={name} confirmed={false} />
        <button type="submit" aria-label={ariaLabel} className={`${buttonClassName('transparent')} ${buttonClass}`}>
          {label}
        </button>
      </Form>
    );
  }
  return (
    <DialogTrigger>
      <Button variant="transparent" aria-label={ariaLabel} className={buttonClass}>
        {label}
      </Button>
      <Modal>
        <Dialog title={title} role="alertdialog">
          {(close) => (
            <Form method="post" action={action} onSubmit={() => close()}>
              <HiddenFields intent={intent} id={id} name={name} confirmed />
              <p>{message}</p>
              <div className="mt-6 flex justify-end gap-3">
                <Button variant="whiteModal" onPress={close}>
                  {t('actions.cancel')}
                </Button>
                <Button type="submit" variant="standardNoMt">
                  {t('actions.delete')}
                </Button>
              </div>
            </Form>
          )}
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}

/** The "really delete?" step a page shows when its action answered a delete without `confirmed`. */
export function ConfirmStep({
  confirm,
  title,
  message,
}: {
  confirm: { intent: string; id: string; name: string };
  title: string;
  message: string;
}) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [confirm.id]);
  return (
    <section role="alertdialog" aria-labelledby="confirm-step-title" className="rounded-lg border-2 border-brand-red bg-white p-6 shadow-sm">
      <h2 id="confirm-step-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {title}
      </h2>
      <p className="mt-2">{message}</p>
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <HiddenFields intent={confirm.intent} id={confirm.id} name={confirm.name} confirmed />
        <button type="submit" className={buttonClassName('standardNoMt')}>
          {t('actions.delete')}
        </button>
        <Link to={location.pathname} className={buttonClassName('whiteModal')}>
          {t('actions.cancel')}
        </Link>
      </Form>
    </section>
  );
}
