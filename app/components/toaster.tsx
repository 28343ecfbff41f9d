import { useEffect, useRef, useState } from 'react';
import {
  Button,
  I18nProvider,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { toAriaLocale } from '~/lib/language';
import type { RootData } from '~/components/root-data';
import { ToastMessage, type ToastData } from './toast-message';


/** Success messages disappear on their own; errors and infos stay until dismissed. */
export const SUCCESS_TOAST_TIMEOUT_MS = 5_000;

const STYLE: Record<ToastData['type'], string> = {
  success: 'border-brand-green',
  error: 'border-brand-red',
  info: 'border-brand-dark',
};

const ICON = { success: CircleCheck, error: CircleAlert, info: Info } as const;

/**
 * Shows the toast the root loader read from the toast cookie (set by `redirectWithToast`) in react-aria's
 * toast region: a landmark with a live region, reachable with F6, each toast dismissible.
 */
export function Toaster({ toast, locale }: { toast: ToastData | null; locale: RootData['locale'] }) {
  const { t } = useTranslation();
  const [queue] = useState(() => new ToastQueue<ToastData>({ maxVisibleToasts: 3 }));
  const shown = useRef<ToastData | null>(null);

  useEffect(() => {
    if (!toast || shown.current === toast) return;
    shown.current = toast;
    queue.add(toast, toast.type === 'success' ? { timeout: SUCCESS_TOAST_TIMEOUT_MS } : undefined);
  }, [toast, queue]);

  // rendered by root, outside the layouts' AriaProviders
  return (
    <I18nProvider locale={toAriaLocale(locale)}>
      <ToastRegion
        queue={queue}
        aria-label={t('toast.region')}
        className="fixed bottom-4 right-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none"
      >
        {({ toast: queued }) => {
          const Icon = ICON[queued.content.type];
          return (
            <Toast
              toast={queued}
              className={`flex items-start gap-3 rounded-lg border-l-4 bg-white p-4 text-brand-dark shadow-lg outline-none data-[focus-visible]:outline data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-pink ${STYLE[queued.content.type]}`}
            >
              <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              <ToastContent className="flex-1">
                <Text slot="title" className="text-sm font-medium">
                  <ToastMessage toast={queued.content} />
                </Text>
              </ToastContent>
              <Button
                slot="close"
                aria-label={t('toast.dismiss')}
                className="rounded p-1 outline-none hover:bg-brand-grey data-[focus-visible]:outline data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-pink"
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </Button>
            </Toast>
          );
        }}
      </ToastRegion>
    </I18nProvider>
  );
}
