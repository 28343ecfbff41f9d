import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ExhibitionSettingsForm } from '~/components/conventions/forms';
import { ACCESS_CONFIRM_TEXTS, AccessSection } from '~/components/events/access-section';
import { accessAction, accessData } from '~/server/pages/access.server';
import { ConfirmDelete, ConfirmStep } from '~/components/events/confirm-delete';
import { confirmationStep, orNotFound } from '~/server/route-kit.server';
import { Button } from '~/components/ui/button';
import { TextField, useZodErrorMap } from '~/components/ui/field';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { PERMISSION_TYPES } from '~/lib/schemas/stands';
import { formAction } from '~/server/forms.server';
import { parseForm } from '~/server/forms-zod.server';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { isDomainError } from '~/server/services/errors';
import { deleteExhibition, ownExhibitionBySlug, updateExhibition } from '~/server/services/events/exhibitions';
import { listStages } from '~/server/services/events/stages';
import { listStands } from '~/server/services/events/stands';
import { redirectWithToast } from '~/server/toast.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'events', 'access'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.exhibition.name ?? '' }];

export const guards = defineGuards({ organization: true, feature: 'event' });

/** The in-house fair dashboard: name, video, meeting link, access type, its stand and stage (spec 000 Exhibition). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const exhibition = await orNotFound(ownExhibitionBySlug(ctx, params.exhibitionSlug ?? ''));
  const [stands, stages, access] = await Promise.all([listStands(ctx), listStages(ctx), accessData(context, { kind: 'exhibition', ...exhibition })]);
  return {
    exhibition: {
      id: exhibition.id,
      slug: exhibition.slug,
      name: exhibition.name,
      video: exhibition.video,
      meeting: exhibition.meeting,
      permissionType: exhibition.permission_type,
      standId: exhibition.stand_id ?? '',
      stageId: exhibition.stage_id ?? '',
    },
    stands: stands.map((s) => ({ id: s.id, name: s.name })),
    stages: stages.map((s) => ({ id: s.id, name: s.title })),
    ...access,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const exhibition = await orNotFound(ownExhibitionBySlug(ctx, params.exhibitionSlug ?? ''));
  const here = `/events/exhibition/${exhibition.slug}`;
  const formData = await readForm(request);
  const intent = String(formData.get('intent') ?? '');
  const access = await accessAction(context, formData, { kind: 'exhibition', ...exhibition }, here);
  if (access) return access;

  if (intent === 'settings') {
    const submission = parseForm(context, formData, ExhibitionSettingsForm);
    if (submission.status !== 'success') return Response.json({ result: submission.reply() }, { status: 400 });
    const { intent: _intent, standId, stageId, video = '', meeting = '', ...rest } = submission.value;
    const result = await formAction(
      submission,
      () => updateExhibition(ctx, exhibition.id, { ...rest, video, meeting, standId: standId ?? null, stageId: stageId ?? null }),
      { correctFieldsMessage: ctx.t('errors:correctFields') },
    );
    if (!result.ok) return Response.json({ result: result.reply }, { status: result.status });
    return redirectWithToast(`/events/exhibition/${result.value.slug}`, { type: 'success', key: 'events:pages.toast.exhibitionSaved' });
  }

  if (intent === 'deleteExhibition') {
    const step = confirmationStep(formData);
    if (step) return Response.json(step);
    try {
      await deleteExhibition(ctx, exhibition.id);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return redirectWithToast(here, { type: 'error', key: 'errors:raw', values: { message: error.message } });
    }
    return redirectWithToast('/events', { type: 'success', key: 'events:pages.toast.exhibitionDeleted' });
  }
  throw new Response('Bad Request', { status: 400 });
}

/** `form` names the access section's form (createToken, addPermission); without it the result is the settings form's. */
type ActionData = { form?: string; result?: SubmissionResult<string[]>; confirm?: { intent: string; id: string; name: string } };

export default function ExhibitionDashboard() {
  const { t } = useTranslation('events');
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const errorMap = useZodErrorMap();
  const navigation = useNavigation();
  const { exhibition } = data;
  const [form, fields] = useForm<z.input<typeof ExhibitionSettingsForm>>({
    id: 'exhibition-settings',
    lastResult: actionData?.form ? undefined : actionData?.result,
    constraint: getZodConstraint(ExhibitionSettingsForm),
    defaultValue: { ...exhibition, intent: 'settings' as const },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ExhibitionSettingsForm, errorMap }),
  });
  if (actionData?.confirm) {
    const access = ACCESS_CONFIRM_TEXTS[actionData.confirm.intent];
    return (
      <ConfirmStep
        confirm={actionData.confirm}
        title={t(access?.title ?? 'pages.exhibition.deleteTitle')}
        message={access ? t(access.message, { name: actionData.confirm.name }) : t('pages.exhibition.deleteText', { name: exhibition.name })}
      />
    );
  }
  const select = (name: string, label: string, value: string, options: { id: string; name: string }[], none = true) => (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select name={name} defaultValue={value} className="rounded-md border border-gray-300 bg-white px-3 py-2 font-normal">
        {none ? <option value="">{t('pages.exhibition.none')}</option> : null}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to="/events" className="text-sm underline">
        {t('pages.exhibition.back')}
      </Link>
      <h1 className="text-2xl font-semibold">{t('pages.exhibition.title', { name: exhibition.name })}</h1>
      <section aria-labelledby="exhibition-settings-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="exhibition-settings-title" className="text-lg font-semibold">
          {t('pages.exhibition.settings')}
        </h2>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="settings" />
          {form.errors?.length ? (
            <p role="alert" className="text-sm text-brand-red">
              {form.errors.join(' ')}
            </p>
          ) : null}
          <TextField field={fields.name} label={t('pages.exhibition.name')} />
          <TextField field={fields.video} type="url" label={t('pages.exhibition.video')} description={t('pages.videoHint')} />
          <TextField field={fields.meeting} type="url" label={t('pages.exhibition.meeting')} />
          {select(
            'permissionType',
            t('pages.exhibition.permissionType'),
            exhibition.permissionType,
            PERMISSION_TYPES.map((p) => ({ id: p, name: t(`exhibition.permissionType.${p}`) })),
            false,
          )}
          {select('standId', t('pages.exhibition.stand'), exhibition.standId, data.stands)}
          {select('stageId', t('pages.exhibition.stage'), exhibition.stageId, data.stages)}
          <Button type="submit" isDisabled={navigation.state === 'submitting'}>
            {t('pages.exhibition.save')}
          </Button>
        </Form>
      </section>
      <AccessSection
        permissionType={exhibition.permissionType}
        tokens={data.tokens}
        permissions={data.permissions}
        lastForm={actionData?.form}
        lastResult={actionData?.result}
      />
      <ConfirmDelete
        intent="deleteExhibition"
        id={exhibition.id}
        name={exhibition.name}
        label={t('pages.exhibition.delete')}
        title={t('pages.exhibition.deleteTitle')}
        message={t('pages.exhibition.deleteText', { name: exhibition.name })}
      />
    </div>
  );
}
