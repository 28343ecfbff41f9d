import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '~/components/ui/button-styles';
import { PageSection } from '~/components/ui/route-form';
import { useHydrated } from '~/components/ui/use-hydrated';
import { defineGuards } from '~/lib/guards';
import { LANGUAGES } from '~/lib/language';
import { crumbsFrom } from '~/lib/breadcrumbs';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { contentSnippetOf } from './server';
import { paramsOf } from '~/server/route-kit.server';

export const handle = {
  i18n: ['common', 'errors', 'validation', 'contentview'],
  title: 'contentview:html.title',
  breadcrumb: crumbsFrom<typeof loader>((d) => [{ label: d.name, to: `/contentpool/builder/${d.slug}` }, { key: 'contentview:html.title' }]),
};
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'content' });

/** /html/{contentslug}: the group as an HTML snippet for the organisation's own website (spec 000 point 2). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { contentslug } = paramsOf(params, 'contentslug');
  return contentSnippetOf(context, request, contentslug);
}

type CopyState = 'copied' | 'failed' | null;
const COPY_TOAST_MS = 5_000;

export default function ContentHtmlPage() {
  const { t } = useTranslation('contentview');
  const { name, slug, language, html } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const box = useRef<HTMLTextAreaElement>(null);
  const [copy, setCopy] = useState<{ state: CopyState; at: number }>({ state: null, at: 0 });

  useEffect(() => {
    if (!copy.state) return;
    const timer = setTimeout(() => setCopy({ state: null, at: 0 }), COPY_TOAST_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  async function copyHtml() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(html);
      setCopy({ state: 'copied', at: Date.now() });
    } catch {
      box.current?.select();
      setCopy({ state: 'failed', at: Date.now() });
    }
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('html.title')}</h1>
        <p className="mt-1 text-sm text-gray-700">{t('html.intro', { name })}</p>
      </div>
      <PageSection id="content-html" title={t('html.snippet')}>
        <nav aria-label={t('html.language')} className="mb-3 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-gray-700">{t('html.language')}:</span>
          {LANGUAGES.map((code) => (
            <Link
              key={code}
              to={`?language=${code}`}
              replace
              preventScrollReset
              aria-current={code === language ? 'true' : undefined}
              className={`rounded-md border px-3 py-1 ${code === language ? 'border-brand-dark bg-brand-dark text-white' : 'bg-white text-brand-dark'}`}
            >
              {t(`common:languages.${code}`)}
            </Link>
          ))}
        </nav>
        <label htmlFor="content-html-code" className="sr-only">
          {t('html.code')}
        </label>
        <textarea
          id="content-html-code"
          ref={box}
          readOnly
          spellCheck={false}
          value={html}
          rows={16}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full rounded-md border bg-gray-50 p-3 font-mono text-xs text-gray-900"
        />
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {hydrated ? (
            <button type="button" onClick={copyHtml} className={buttonClassName()}>
              {t('html.copy')}
            </button>
          ) : (
            <p className="text-sm text-gray-700">{t('html.selectHint')}</p>
          )}
          <Link to={`/contentpool/preview?slug=${encodeURIComponent(slug)}`} className="text-sm text-brand-dark underline underline-offset-2">
            {t('html.preview')}
          </Link>
        </div>
      </PageSection>
      {copy.state ? (
        <div
          key={copy.at}
          role={copy.state === 'failed' ? 'alert' : 'status'}
          data-copy-toast={copy.state}
          className={`fixed bottom-4 right-4 z-[60] w-[min(24rem,calc(100vw-2rem))] rounded-lg border-l-4 bg-white p-4 text-sm font-medium text-brand-dark shadow-lg ${copy.state === 'failed' ? 'border-brand-red' : 'border-brand-green'}`}
        >
          {t(copy.state === 'failed' ? 'html.copyFailed' : 'html.copied')}
        </div>
      ) : null}
    </div>
  );
}
