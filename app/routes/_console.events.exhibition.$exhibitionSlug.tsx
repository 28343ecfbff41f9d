import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ExhibitionSettingsForm } from '~/components/conventions/forms';
import { NativeSelect } from '~/components/conventions/native-select';
import { ACCESS_CONFIRM_TEXTS, AccessSection } from '~/components/events/access-section';
import { accessAction, accessData } from '~/server/pages/access.server';
import { BuilderHeader, ConfirmAnswer, SettingsSection } from '~/components/events/builder-sections';
import { ConfirmDelete } from '~/components/events/confirm-delete';
import { confirmedListAction, intentOf, intentsOf, orNotFound, submitForm, paramsOf } from '~/server/route-kit.server';
import { TextField } from '~/components/ui/field';
import { useRouteForm } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { crumbsFrom } from '~/lib/breadcrumbs';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { PERMISSION_TYPES } from '~/lib/schemas/stands';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { deleteExhibition, ownExhibitionBySlug, updateExhibition } from '~/server/services/events/exhibitions';
import { listStages } from '~/server/services/events/stages';
import { listStands } from '~/server/services/events/stands';
import { redirectWithToast } from '~/server/toast.server';

export const handle = {
  i18n: ['common', 'errors', 'validation', 'events', 'access'],
  breadcrumb: crumbsFrom<typeof loader>((d) => [{ label: d.exhibition.name }]),
};
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.exhibition.name ?? '' }];

export const guards = defineGuards({ organization: true, feature: 'event' });

/** The in-house fair dashboard: name, video, meeting link, access type, its stand and stage (spec 000 Exhibition). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { exhibitionSlug } = paramsOf(params, 'exhibitionSlug');
  const exhibition = await orNotFound(ownExhibitionBySlug(ctx, exhibitionSlug));
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

const Intents = intentsOf(['settings', 'deleteExhibition']);

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { exhibitionSlug } = paramsOf(params, 'exhibitionSlug');
  const exhibition = await orNotFound(ownExhibitionBySlug(ctx, exhibitionSlug));
  const here = `/events/exhibition/${exhibition.slug}`;
  const formData = await readForm(request);
  const access = await accessAction(context, formData, { kind: 'exhibition', ...exhibition }, here);
  if (access) return access;
  const { intent } = intentOf(formData, Intents);

  switch (intent) {
    case 'settings': {
      const done = await submitForm(context, formData, intent, ExhibitionSettingsForm, ({ intent: _intent, standId, stageId, video = '', meeting = '', ...rest }) =>
        updateExhibition(ctx, exhibition.id, { ...rest, video, meeting, standId: standId ?? null, stageId: stageId ?? null }),
      );
      if (!done.ok) return done.answer;
      return redirectWithToast(`/events/exhibition/${done.value.slug}`, { type: 'success', key: 'events:pages.toast.exhibitionSaved' });
    }
    case 'deleteExhibition':
      // after the delete the page is gone: success goes to the list, a refusal stays here
      return confirmedListAction(formData, here, () => deleteExhibition(ctx, exhibition.id), { key: 'events:pages.toast.exhibitionDeleted', to: '/events' });
  }
}

const CONFIRM_TEXTS = { ...ACCESS_CONFIRM_TEXTS, deleteExhibition: { title: 'pages.exhibition.deleteTitle', message: 'pages.exhibition.deleteText' } };

export default function ExhibitionDashboard() {
  const { t } = useTranslation('events');
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { exhibition } = data;
  const [form, fields] = useRouteForm(ExhibitionSettingsForm, {
    id: 'exhibition-settings',
    answer: actionData,
    form: 'settings',
    defaultValue: { ...exhibition, intent: 'settings' as const },
  });
  if (actionData?.confirm) return <ConfirmAnswer answer={actionData} texts={CONFIRM_TEXTS} />;
  const choices = (list: { id: string; name: string }[]) => list.map((o) => ({ value: o.id, label: o.name }));
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BuilderHeader back="/events" backLabel={t('pages.exhibition.back')} title={t('pages.exhibition.title', { name: exhibition.name })} />
      <SettingsSection id="exhibition-settings" title={t('pages.exhibition.settings')} form={form} submit={t('pages.exhibition.save')} className="space-y-4">
          <TextField field={fields.name} label={t('pages.exhibition.name')} />
          <TextField field={fields.video} type="url" label={t('pages.exhibition.video')} description={t('pages.videoHint')} />
          <TextField field={fields.meeting} type="url" label={t('pages.exhibition.meeting')} />
          <NativeSelect
            name="permissionType"
            label={t('pages.exhibition.permissionType')}
            defaultValue={exhibition.permissionType}
            options={PERMISSION_TYPES.map((p) => ({ value: p, label: t(`exhibition.permissionType.${p}`) }))}
            errors={fields.permissionType.errors}
          />
          <NativeSelect name="standId" label={t('pages.exhibition.stand')} defaultValue={exhibition.standId} emptyLabel={t('pages.exhibition.none')} options={choices(data.stands)} errors={fields.standId.errors} />
          <NativeSelect name="stageId" label={t('pages.exhibition.stage')} defaultValue={exhibition.stageId} emptyLabel={t('pages.exhibition.none')} options={choices(data.stages)} errors={fields.stageId.errors} />
      </SettingsSection>
      <AccessSection permissionType={exhibition.permissionType} tokens={data.tokens} permissions={data.permissions} answer={actionData} />
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
