import { useTranslation } from 'react-i18next';
import type { ConventionStatus } from '~/lib/events';

const STYLE: Record<ConventionStatus, string> = {
  ONGOING: 'bg-brand-green/15 text-green-800',
  UPCOMING: 'bg-blue-100 text-brand-dark',
  NOT_ACTIVE: 'bg-gray-200 text-gray-700',
};

/** Ongoing / upcoming / not active (spec 000 point 4), computed on the server from the dates. */
export function StatusBadge({ status }: { status: ConventionStatus }) {
  const { t } = useTranslation('events');
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLE[status]}`}>{t(`convention.status.${status}`)}</span>
  );
}
