import { useTranslation } from 'react-i18next';
import { cx } from './cx';

const SIZES = { small: 'h-4 w-4 border-2', medium: 'h-8 w-8 border-[3px]', large: 'h-14 w-14 border-4' } as const;

export type SpinnerSize = keyof typeof SIZES;

/** A loading indicator (sizes small, medium, large) announced to screen readers as "Loading …". */
export function Spinner({ size = 'medium', label, className }: { size?: SpinnerSize; label?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" aria-label={label ?? t('loading')} className={cx('inline-flex', className)}>
      <span
        aria-hidden="true"
        className={cx('animate-spin rounded-full border-brand-pink border-t-transparent motion-reduce:animate-none', SIZES[size])}
      />
    </span>
  );
}
