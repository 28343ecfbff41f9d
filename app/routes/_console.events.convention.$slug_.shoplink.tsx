import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ShopLinkForm } from '~/components/conventions/forms';
import { orNotFound } from '~/server/route-kit.server';
import { Button } from '~/components/ui/button';
import { NumberField, TextField, useZodErrorMap } from '~/components/ui/field';
import { defineGuards } from '~/lib/guards';
import { crumbsFrom } from '~/lib/breadcrumbs';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { formAction } from '~/server/forms.server';
import { parseForm } from '~/server/forms-zod.server';
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
  const convention = await orNotFound(fetchConvention(context.service, params.slug ?? ''));
  const foyer = await conventionImageFoyer(context.service, convention.id);
  return { convention: { slug: convention.slug, title: convention.title }, hasFoyer: Boolean(foyer?.image_id) };
}

/** A shop link is a foyer point of type LINK (spec 000: /events/convention/{slug}/shoplink). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const convention = await orNotFound(fetchConvention(ctx, params.slug ?? ''));
  const submission = parseForm(context, await readForm(request), ShopLinkForm);
  if (submission.status !== 'success') return Response.json({ result: submission.reply() }, { status: 400 });
  const { link, x, y } = submission.value;
  const result = await formAction(submission, async () => {
    const foyer = await conventionImageFoyer(ctx, convention.id);
    if (!foyer) throw new DomainError('INVALID', ctx.t('events:pages.foyer.notEnabled'));
    return addFoyerPoint(ctx, foyer.id, { x, y, targetType: 'LINK', link });
  });
  if (!result.ok) return Response.json({ result: result.reply }, { status: result.status });
  return redirectWithToast(`/events/convention/${convention.slug}`, { type: 'success', key: 'events:pages.toast.shopLinkAdded' });
}

export default function ShopLink() {
  const { t } = useTranslation('events');
  const { convention, hasFoyer } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const errorMap = useZodErrorMap();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof ShopLinkForm>>({
    id: 'shop-link',
    lastResult: actionData?.result,
    constraint: getZodConstraint(ShopLinkForm),
    defaultValue: { x: '90', y: '10' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ShopLinkForm, errorMap }),
  });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to={`/events/convention/${convention.slug}`} className="text-sm underline-offset-2 hover:underline">
        {t('pages.shopLink.back')}
      </Link>
      <h1 className="text-2xl font-semibold">{t('pages.shopLink.title', { title: convention.title })}</h1>
      <p className="text-gray-700">{t('pages.shopLink.intro')}</p>
      {hasFoyer ? (
        <Form method="post" {...getFormProps(form)} className="grid gap-4 rounded-lg bg-white p-6 shadow-sm sm:grid-cols-2">
          <input type="hidden" name="intent" value="shopLink" />
          {form.errors?.length ? (
            <p role="alert" className="text-sm text-brand-red sm:col-span-2">
              {form.errors.join(' ')}
            </p>
          ) : null}
          <TextField field={fields.link} type="url" label={t('pages.shopLink.link')} className="sm:col-span-2" />
          <NumberField field={fields.x} label={t('pages.foyer.x')} step="any" />
          <NumberField field={fields.y} label={t('pages.foyer.y')} step="any" />
          <div className="sm:col-span-2">
            <Button type="submit" isDisabled={navigation.state === 'submitting'}>
              {t('pages.shopLink.submit')}
            </Button>
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
