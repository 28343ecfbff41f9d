import { useTranslation } from 'react-i18next';
import type { RootData } from '~/components/root-data';

export type ToastData = NonNullable<RootData['toast']>;

/** A toast's text. A key like `org:toast.switched` names its namespace; the page may not have loaded that one yet. */
export function ToastMessage({ toast }: { toast: ToastData }) {
  const separator = toast.key.indexOf(':');
  const { t, ready } = useTranslation(separator > 0 ? toast.key.slice(0, separator) : undefined);
  return ready ? <>{t(toast.key, toast.values ?? {})}</> : null;
}
