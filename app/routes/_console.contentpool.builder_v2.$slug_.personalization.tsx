import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { PagePersonalizationAnswer } from '~/components/personalization/page-personalization-section';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { orNotFound, paramsOf } from '~/server/route-kit.server';
import { editablePage, updatePage } from '~/server/services/content-pages/pages';
import { isDomainError } from '~/server/services/errors';
import { redirectWithToast } from '~/server/toast.server';

/** The same as the builder's: members of an organisation with the content feature. */
export const guards = defineGuards({ organization: true, feature: 'content' });

const builderPath = (slug: string) => `/contentpool/builder_v2/${encodeURIComponent(slug)}`;

/** Nothing to show here: the form lives in the builder's page settings. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { slug } = paramsOf(params, 'slug');
  const page = await orNotFound(editablePage(context.service, { slug }));
  return redirect(builderPath(page.slug));
}

/**
 * /contentpool/builder_v2/{slug}/personalization (issue 24 item 5): sets a content page's personalization. An empty
 * choice stores none, so the page uses the organisation's default as it is when shown; another organisation's
 * personalization is NOT_FOUND (the service's rule). A browser without JavaScript is sent back to the builder with a
 * toast; the builder's fetcher gets the answer as data.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { slug } = paramsOf(params, 'slug');
  const page = await orNotFound(editablePage(ctx, { slug }));
  const formData = await readForm(request);
  const asData = formData.get('reply') === 'data';
  const chosen = String(formData.get('personalizationId') ?? '').trim();
  const answer = (ok: boolean, message: string) =>
    asData
      ? data<PagePersonalizationAnswer>({ ok, message }, { status: ok ? 200 : 400 })
      : redirectWithToast(builderPath(page.slug), ok ? { type: 'success', key: 'personalization:pageSettings.saved' } : { type: 'error', key: 'errors:raw', values: { message } });
  try {
    await updatePage(ctx, page.id, { personalizationId: chosen || null });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return answer(false, error.message);
  }
  return answer(true, ctx.t('personalization:pageSettings.saved'));
}
