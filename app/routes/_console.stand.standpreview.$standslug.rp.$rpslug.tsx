import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { orNotFound } from '~/components/events/forms.server';
import { loadNodes } from '~/components/stands/stand.server';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { standBySlug } from '~/server/services/events/stands';

export const handle = { i18n: ['common', 'errors', 'validation', 'events'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.point.name ?? '' }];

export const guards = defineGuards({ organization: true, feature: 'event' });

/**
 * One reference point of the previewed stand in the stand frame: its name, its text in the current language and
 * its content page reference. A slug is unique per node; the views of the current language come first.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const stand = await orNotFound(standBySlug(ctx, params.standslug ?? ''));
  const nodes = await loadNodes(ctx, stand.id);
  const ordered = [...nodes.filter((n) => n.language === context.language), ...nodes.filter((n) => n.language !== context.language)];
  const point = ordered.flatMap((n) => n.points).find((p) => p.kind === 'REFERENCE' && p.slug === params.rpslug);
  if (!point) throw new Response('Not Found', { status: 404 });
  const text = point.translations.find((tr) => tr.language === context.language);
  return {
    standSlug: stand.slug,
    language: context.language,
    point: { name: point.name, title: text?.title ?? '', description: text?.description ?? '', contentPageId: point.contentPageId },
  };
}

export default function ReferencePointPreview() {
  const { t } = useTranslation(['events', 'common']);
  const { point, standSlug, language } = useLoaderData<typeof loader>();
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
        <p className="mt-2 text-sm text-gray-600">{t('standPages.rp.noText', { language: t(`common:languages.${language}`) })}</p>
      )}
      <p className="mt-3 text-sm text-gray-700">
        {point.contentPageId ? t('standPages.rp.contentPage', { id: point.contentPageId }) : t('standPages.rp.noContentPage')}
      </p>
      <Link to={`/stand/standpreview/${standSlug}`} className="mt-4 inline-block text-sm text-brand-dark underline underline-offset-2">
        {t('standPages.rp.close')}
      </Link>
    </section>
  );
}
