import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ShopLinkForm } from '~/components/conventions/forms';
import { BuilderHeader } from '~/components/events/builder-sections';
import { intentOf, intentsOf, orNotFound, submitForm, paramsOf } from '~/server/route-kit.server';
import { NumberField, TextField } from '~/components/ui/field';
import { FormErrors, SubmitButton, useRouteForm } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { crumbsFrom } from '~/lib/breadcrumbs';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { fetchConvention } from '~/server/services/events/conventions';
import { addFoyerPoint, conventionImageFoyer } from '~/server/services/events/foyer';
import { DomainError } from '~/server/services/errors';
import { redirectWithToast } from '~/server/toast.server';

export const handle = {
  i18n: ['common', 'errors', 'validation', 'events'],
  title: 'events:pages.shopLink.title',
  breadcrumb: crumbsFrom<typeof loader>((d) => [
    { label: d.convention.title, to: `/events/convention/${d.convention.slug}` },
    { key: 'events:breadcrumb.shopLink' },
  ]),
};
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'event' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { slug } = paramsOf(params, 'slug');
  const convention = await orNotFound(fetchConvention(context.service, slug));
  const foyer = await conventionImageFoyer(context.service, convention.id);
  return { convention: { slug: convention.slug, title: convention.title }, hasFoyer: Boolean(foyer?.image_id) };
}

const Intents = intentsOf(['shopLink']);

/** A shop link is a foyer point of type LINK (spec 000: /events/convention/{slug}/shoplink). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { slug } = paramsOf(params, 'slug');
  const convention = await orNotFound(fetchConvention(ctx, slug));
  const formData = await readForm(request);
  const { intent } = intentOf(formData, Intents);
  const done = await submitForm(context, formData, intent, ShopLinkForm, async ({ link, x, y }) => {
    const foyer = await conventionImageFoyer(ctx, convention.id);
    if (!foyer) throw new DomainError('INVALID', ctx.t('events:pages.foyer.notEnabled'));
    return addFoyerPoint(ctx, foyer.id, { x, y, targetType: 'LINK', link });
  });
  if (!done.ok) return done.answer;
  return redirectWithToast(`/events/convention/${convention.slug}`, { type: 'success', key: 'events:pages.toast.shopLinkAdded' });
}

export default function ShopLink() {
  const { t } = useTranslation('events');
  const { convention, hasFoyer } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useRouteForm(ShopLinkForm, { id: 'shop-link', answer: actionData, form: 'shopLink', defaultValue: { x: '90', y: '10' } });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BuilderHeader back={`/events/convention/${convention.slug}`} backLabel={t('pages.shopLink.back')} title={t('pages.shopLink.title', { title: convention.title })} />
      <p className="text-gray-700">{t('pages.shopLink.intro')}</p>
      {hasFoyer ? (
        <Form method="post" {...getFormProps(form)} className="grid gap-4 rounded-lg bg-white p-6 shadow-sm sm:grid-cols-2">
          <input type="hidden" name="intent" value="shopLink" />
          <FormErrors errors={form.errors} className="sm:col-span-2" />
          <TextField field={fields.link} type="url" label={t('pages.shopLink.link')} className="sm:col-span-2" />
          <NumberField field={fields.x} label={t('pages.foyer.x')} step="any" />
          <NumberField field={fields.y} label={t('pages.foyer.y')} step="any" />
          <div className="sm:col-span-2">
            <SubmitButton>{t('pages.shopLink.submit')}</SubmitButton>
          </div>
        </Form>
      ) : (
        <p role="status" className="rounded-lg bg-white p-6 shadow-sm">
          {t('pages.shopLink.noFoyer')}
        </p>
      )}
    </div>
  );
}
