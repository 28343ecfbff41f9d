import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { orNotFound, paramsOf } from '~/server/route-kit.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { VideoPlayer } from '~/components/visitor/video-player';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { onDemandItemForVisitor } from '~/server/services/events/on-demand';
import { IMAGE_SIZES, imageSrcSet } from '~/lib/images';

export { visitorHandle as handle, visitorClientLoader as clientLoader } from '~/components/visitor/route-handles';
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.item.title ?? '' }];

export const guards = defineGuards({ public: true, permission: { kind: 'convention', param: 'conventionslug' } });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { conventionslug, slug } = paramsOf(params, 'conventionslug', 'slug');
  const item = await orNotFound(onDemandItemForVisitor(context.service, conventionslug, slug));
  const page = item.contentPageSlug ? `/convention/${params.conventionslug}/content/${item.contentPageSlug}` : null;
  return { item, back: `/convention/${params.conventionslug}/ondemand`, page };
}

/**
 * /convention/{c}/ondemand/{slug}: one item on demand. Its video (the link in its description or title) plays in
 * the player; without one its thumbnail (or a plain box) shows with a note. A linked content page
 * the visitor may see opens under /convention/{c}/content/{slug} (issue 16).
 */
export default function OnDemandDetail() {
  const { t } = useTranslation('visitor');
  const { item, back, page } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-4xl space-y-4">
      <Link to={back} className="inline-block text-sm font-medium text-brand-dark underline underline-offset-2">
        {t('onDemand.back')}
      </Link>
      <h1 className="text-2xl font-semibold text-brand-dark lg:text-3xl">{item.title}</h1>
      {item.videoUrl ? (
        <VideoPlayer url={item.videoUrl} title={t('onDemand.videoTitle', { title: item.title })} thumbnailUrl={item.thumbnailUrl} />
      ) : (
        <figure className="space-y-2">
          {item.thumbnailUrl ? (
            <img src={item.thumbnailUrl} srcSet={imageSrcSet(item.thumbnailUrl)} sizes={IMAGE_SIZES.wide} alt={item.title} width={1280} height={720} className="aspect-video w-full rounded-md object-cover" />
          ) : (
            <span aria-hidden="true" className="block aspect-video w-full rounded-md bg-brand-dark/10" />
          )}
          <figcaption className="text-sm text-gray-700">{t('onDemand.noVideo')}</figcaption>
        </figure>
      )}
      <p className="whitespace-pre-line text-gray-800">{item.description || <span className="italic text-gray-700">{t('programme.noDescription')}</span>}</p>
      {page ? (
        <p>
          <Link to={page} className="font-medium text-brand-dark underline underline-offset-2" data-content-page>
            {t('onDemand.contentPage')}
          </Link>
        </p>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} />;
}
