import { Link } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentGroupView } from '~/components/content/group-view';
import type { Language } from '~/lib/language';
import type { ReferencePointView } from '~/server/pages/stand.server';

/**
 * A reference point of a stand beside the stand (console preview and visitor pages): its name, its text in the
 * language and the content group it links (rendered for visitors), else a link to its content page (issue 16). The heading takes the focus, so keyboard and screen-reader users
 * land on what they opened.
 */
export function ReferencePointPanel({
  point,
  language,
  closeHref,
  pageBase = '',
}: {
  point: ReferencePointView;
  language: Language;
  closeHref: string;
  /** where content pages open: '' for /content/{slug}, `/convention/{c}` inside a convention */
  pageBase?: string;
}) {
  const { t } = useTranslation(['events', 'common']);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [point.name]);
  return (
    <section aria-labelledby="rp-title" className="rounded-md border bg-gray-50 p-4">
      <h2 id="rp-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {point.name}
      </h2>
      {point.title ? <p className="mt-1 font-medium">{point.title}</p> : null}
      {point.description ? (
        <p className="mt-2 whitespace-pre-line text-sm">{point.description}</p>
      ) : (
        <p className="mt-2 text-sm text-gray-700">{t('standPages.rp.noText', { language: t(`common:languages.${language}`) })}</p>
      )}
      {point.content ? (
        <div className="mt-4 border-t pt-4" data-rp-content>
          <ContentGroupView view={point.content} headingLevel="none" />
        </div>
      ) : (
        <p className="mt-3 text-sm text-gray-700">
          {point.contentPageSlug ? (
            <Link to={`${pageBase}/content/${point.contentPageSlug}`} className="text-brand-dark underline underline-offset-2" data-rp-page>
              {t('standPages.rp.contentPage')}
            </Link>
          ) : (
            t('standPages.rp.noContentPage')
          )}
        </p>
      )}
      <Link to={closeHref} className="mt-4 inline-block text-sm text-brand-dark underline underline-offset-2">
        {t('standPages.rp.close')}
      </Link>
    </section>
  );
}
