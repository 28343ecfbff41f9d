import { useTranslation } from 'react-i18next';
import type { ConventionInfo } from '~/server/services/events/convention-info';
import { safeHref } from '~/lib/safe-href';

const linkClass = 'font-medium text-brand-dark underline underline-offset-2 outline-none ring-brand-pink focus-visible:ring-2';

export { conventionPageTitle } from './convention-route';

/** The organiser's help text for visitors, or a clear note that there is none yet. */
export function HelpText({ info }: { info: ConventionInfo }) {
  const { t } = useTranslation('visitor');
  return info.helpPage ? (
    <p className="whitespace-pre-line text-gray-900">{info.helpPage}</p>
  ) : (
    <p className="text-gray-800">{t('infopoint.noHelp', { name: info.organizationName })}</p>
  );
}

/** How visitors reach the organiser: its support page (new tab) and, when enabled, a note on the chat. */
export function SupportContact({ info }: { info: ConventionInfo }) {
  const { t } = useTranslation('visitor');
  const support = safeHref(info.supportUrl);
  return (
    <div className="space-y-2">
      {support ? (
        <p>
          <a href={support} target="_blank" rel="noreferrer" className={linkClass}>
            {t('infopoint.supportLink', { name: info.organizationName })}
          </a>
        </p>
      ) : (
        <p className="text-gray-800">{t('infopoint.noSupport', { name: info.organizationName })}</p>
      )}
      {info.chatEnabled ? <p className="text-gray-800">{t('infopoint.chat', { name: info.organizationName })}</p> : null}
    </div>
  );
}
