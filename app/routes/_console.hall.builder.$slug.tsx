import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ACCESS_CONFIRM_TEXTS, AccessSection } from '~/components/events/access-section';
import { accessAction, accessData } from '~/server/pages/access.server';
import { ConfirmDelete, ConfirmStep } from '~/components/events/confirm-delete';
import { AddStandForm, HallSettingsForm } from '~/components/events/forms';
import { confirmationStep, listAction, orNotFound, readPostedForm } from '~/server/route-kit.server';
import { ImageForm } from '~/components/events/image-form';
import { ReorderableList, movedOrder } from '~/components/events/reorderable-list';
import { TranslationsSection } from '~/components/events/translations-section';
import { saveTranslation } from '~/server/pages/translations.server';
import { Button } from '~/components/ui/button';
import { Select } from '~/components/ui/select';
import { TextField, useZodErrorMap } from '~/components/ui/field';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { PERMISSION_TYPES } from '~/lib/schemas/stands';
import { ACCEPT_BY_PURPOSE } from '~/server/services/files/limits';
import { formAction } from '~/server/forms.server';
import { parseForm } from '~/server/forms-zod.server';
import { runGuards } from '~/server/guards.server';
import { hallAddStand, hallApproveStand, hallRemoveStand, hallReorderStands } from '~/server/services/events/hall-stands';
import { conventionsOfHall, createHallTranslation, hallBySlug, updateHall, updateHallTranslation } from '~/server/services/events/halls';
import {
  baseStandById,
  hallStandsByHall,
  hallTranslationsByHall,
  standOrganizationById,
} from '~/server/services/events/stand-loaders';
import { isDomainError } from '~/server/services/errors';
import { fileUrl } from '~/server/services/files/files.server';
import { redirectWithToast } from '~/server/toast.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'events', 'files', 'access'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.hall.name ?? '' }];

export const guards = defineGuards({ organization: true, feature: 'event' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const hall = await orNotFound(hallBySlug(ctx, params.slug ?? ''));
  const [translations, hallStands, access, conventions] = await Promise.all([
    hallTranslationsByHall(ctx).load(hall.id),
    hallStandsByHall(ctx).load(hall.id),
    accessData(context, { kind: 'hall', ...hall }),
    conventionsOfHall(ctx, hall.id),
  ]);
  const stands = await Promise.all(hallStands.map((hs) => baseStandById(ctx).load(hs.stand_id)));
  const organizations = await Promise.all(stands.map((s) => (s ? standOrganizationById(ctx).load(s.organization_id) : null)));
  return {
    hall: {
      id: hall.id,
      slug: hall.slug,
      name: hall.name,
      permissionType: hall.permission_type,
      thumbnailUrl: hall.thumbnail_id ? fileUrl({ id: hall.thumbnail_id }) : null,
    },
    translations: translations.map((tr) => ({ language: tr.language, title: tr.title, description: tr.description })),
    stands: hallStands.map((hs, i) => ({
      id: hs.id,
      slug: hs.slug,
      approved: hs.approved,
      standAccepted: hs.stand_accepted,
      name: stands[i]?.name ?? hs.slug,
      organization: stands[i]?.organization_id === hall.organization_id ? null : (organizations[i]?.name ?? null),
      thumbnailUrl: hs.thumbnail_id ? fileUrl({ id: hs.thumbnail_id }) : null,
      // an application waiting for approval can be shown by its unguessable preview link, in each convention of
      // the hall (an invitation cannot: its organisation has not agreed to show the stand here yet)
      previewLinks: hs.approved || !hs.stand_accepted
        ? []
        : conventions.map((c) => ({ title: c.title, href: `/prev/${hs.preview_slug}/convention/${c.slug}/hall/${hall.slug}/stand/${hs.slug}` })),
    })),
    ...access,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const hall = await orNotFound(hallBySlug(ctx, params.slug ?? ''));
  const here = `/hall/builder/${hall.slug}`;
  const { formData, uploaded, failure } = await readPostedForm(request, context, ['thumbnail', 'addStand']);
  const t = ctx.t;
  const options = { correctFieldsMessage: t('errors:correctFields') };
  const intent = formData.get('intent');
  const access = await accessAction(context, formData, { kind: 'hall', ...hall }, here);
  if (access) return access;

  if (intent === 'settings') {
    const submission = parseForm(context, formData, HallSettingsForm);
    if (submission.status !== 'success') return Response.json({ form: 'settings', result: submission.reply() }, { status: 400 });
    const { name, permissionType } = submission.value;
    const result = await formAction(submission, () => updateHall(ctx, hall.id, { name, permissionType }), options);
    if (!result.ok) return Response.json({ form: 'settings', result: result.reply }, { status: result.status });
    return redirectWithToast(here, { type: 'success', key: 'events:hallPages.builder.saved' });
  }

  if (intent === 'translation') {
    const outcome = await saveTranslation(context, formData, {
      create: (input) => createHallTranslation(ctx, hall.id, input),
      update: (id, input) => updateHallTranslation(ctx, id, input),
      existing: await hallTranslationsByHall(ctx).load(hall.id),
    });
    if (!outcome.ok) return Response.json({ form: `translation-${outcome.language}`, result: outcome.reply }, { status: outcome.status });
    return redirectWithToast(here, { type: 'success', key: 'events:hallPages.translations.saved', values: { language: outcome.language } });
  }

  if (intent === 'thumbnail') {
    const problem = failure ?? (uploaded ? null : t('files:upload.noFile'));
    if (problem) return Response.json({ form: 'thumbnail', error: typeof problem === 'string' ? problem : problem.message }, { status: 400 });
    try {
      await updateHall(ctx, hall.id, { thumbnailId: uploaded!.id });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return Response.json({ form: 'thumbnail', error: error.message }, { status: 400 });
    }
    return redirectWithToast(here, { type: 'success', key: 'events:hallPages.thumbnail.saved' });
  }

  if (intent === 'addStand') {
    const submission = parseForm(context, formData, AddStandForm);
    if (submission.status !== 'success') return Response.json({ form: 'addStand', result: submission.reply() }, { status: 400 });
    if (failure) return Response.json({ form: 'addStand', result: submission.reply({ fieldErrors: { thumbnail: [failure.message] } }) }, { status: 400 });
    const result = await formAction(
      submission,
      () => hallAddStand(ctx, hall.id, { domain: submission.value.domain, thumbnailId: uploaded?.id ?? null }),
      options,
    );
    if (!result.ok) return Response.json({ form: 'addStand', result: result.reply }, { status: result.status });
    const key = result.value.stand_accepted ? 'events:hall.standAdded' : 'events:hallPages.stands.invited';
    return redirectWithToast(here, { type: 'success', key });
  }

  const id = String(formData.get('id') ?? '');
  if (intent === 'approve') return listAction(here, () => hallApproveStand(ctx, id), { key: 'events:hall.standApproved' });

  if (intent === 'removeStand') {
    const step = confirmationStep(formData);
    if (step) return Response.json(step);
    return listAction(here, () => hallRemoveStand(ctx, id), { key: 'events:hall.standRemoved' });
  }

  if (intent === 'reorder') {
    const ids = formData.getAll('ids').map(String);
    return listAction(here, () => hallReorderStands(ctx, hall.id, ids), { key: 'events:hall.standsReordered' });
  }

  if (intent === 'move') {
    const current = (await hallStandsByHall(ctx).load(hall.id)).map((hs) => hs.id);
    const next = movedOrder(current, id, String(formData.get('direction')));
    if (!next) return redirectWithToast(here, { type: 'info', key: 'events:hall.standsReordered' });
    const moved = (await hallStandsByHall(ctx).load(hall.id)).find((hs) => hs.id === id)!;
    const stand = await baseStandById(ctx).load(moved.stand_id);
    return listAction(here, () => hallReorderStands(ctx, hall.id, next), {
      key: 'events:hallPages.order.moved',
      values: { name: stand?.name ?? moved.slug, position: next.indexOf(id) + 1, total: next.length },
    });
  }
  throw new Response('Bad Request', { status: 400 });
}

type FormName = 'settings' | 'addStand' | 'thumbnail' | 'createToken' | 'addPermission' | `translation-${string}`;
type ActionData = {
  form?: FormName;
  result?: SubmissionResult<string[]>;
  error?: string;
  confirm?: { intent: string; id: string; name: string };
};

export default function HallBuilder() {
  const { t } = useTranslation(['events', 'common']);
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const errorMap = useZodErrorMap();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const { hall, stands } = data;

  const [settings, settingsFields] = useForm<z.input<typeof HallSettingsForm>>({
    id: 'hall-settings',
    lastResult: actionData?.form === 'settings' ? actionData.result : undefined,
    constraint: getZodConstraint(HallSettingsForm),
    defaultValue: { name: hall.name, permissionType: hall.permissionType },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: HallSettingsForm, errorMap }),
  });
  const [addStand, addStandFields] = useForm<z.input<typeof AddStandForm>>({
    id: 'hall-add-stand',
    lastResult: actionData?.form === 'addStand' ? actionData.result : undefined,
    constraint: getZodConstraint(AddStandForm),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddStandForm, errorMap }),
  });
  const thumbnailError = (addStand.allErrors.thumbnail ?? []).join(' ');
  const permissionOptions = PERMISSION_TYPES.map((p) => ({ id: p, label: t(`hallPages.permission.${p}`) }));

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <div>
        <Link to="/hall" className="text-sm text-brand-dark underline-offset-2 hover:underline">
          {t('hallPages.builder.back')}
        </Link>
        <h1 className="mt-1 text-2xl font-semibold">{t('hallPages.builder.title', { name: hall.name })}</h1>
      </div>

      {actionData?.confirm ? (
        <ConfirmStep
          confirm={actionData.confirm}
          title={t(ACCESS_CONFIRM_TEXTS[actionData.confirm.intent]?.title ?? 'hallPages.stands.removeTitle')}
          message={t(ACCESS_CONFIRM_TEXTS[actionData.confirm.intent]?.message ?? 'hallPages.stands.removeText', { name: actionData.confirm.name })}
        />
      ) : null}

      <section aria-labelledby="hall-settings-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="hall-settings-title" className="text-lg font-semibold">
          {t('hallPages.builder.settings')}
        </h2>
        <Form method="post" {...getFormProps(settings)} className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="settings" />
          {settings.errors?.length ? (
            <p role="alert" className="text-sm text-brand-red sm:col-span-2">
              {settings.errors.join(' ')}
            </p>
          ) : null}
          <TextField field={settingsFields.name} label={t('hallPages.builder.name')} />
          <Select
            name={settingsFields.permissionType.name}
            label={t('hallPages.builder.permissionType')}
            options={permissionOptions}
            defaultSelectedKey={hall.permissionType}
            errors={settingsFields.permissionType.errors}
          />
          <div className="sm:col-span-2">
            <Button type="submit" isDisabled={busy}>
              {t('hallPages.builder.save')}
            </Button>
          </div>
        </Form>
      </section>

      <TranslationsSection translations={data.translations} lastForm={actionData?.form} lastResult={actionData?.result} />

      <ImageForm
        id="hall-thumbnail"
        intent="thumbnail"
        title={t('hallPages.thumbnail.heading')}
        hint={t('hallPages.thumbnail.hint')}
        fileLabel={t('hallPages.thumbnail.file')}
        submitLabel={t('hallPages.thumbnail.submit')}
        imageUrl={hall.thumbnailUrl}
        imageAlt={t('hallPages.thumbnail.alt', { name: hall.name })}
        noImage={t('hallPages.thumbnail.none')}
        error={actionData?.form === 'thumbnail' ? actionData.error : undefined}
      />

      <section aria-labelledby="hall-stands-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="hall-stands-title" className="text-lg font-semibold">
          {t('hallPages.stands.heading')}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{t('hallPages.stands.orderHint')}</p>
        <p className="mt-1 text-sm text-gray-700">{t('hallPages.stands.applyDomain', { slug: hall.slug })}</p>
        {stands.length === 0 ? <p className="mt-4 text-gray-700">{t('hallPages.stands.empty')}</p> : null}
        <div className={stands.length ? 'mt-4' : 'hidden'}>
          <ReorderableList items={stands} nameOf={(s) => s.name} label={t('hallPages.stands.listLabel')}>
            {(stand) => (
              <div className="flex flex-wrap items-center gap-3">
                {stand.thumbnailUrl ? (
                  <img src={stand.thumbnailUrl} alt="" width={96} height={54} className="h-[54px] w-24 rounded object-cover" />
                ) : null}
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{stand.name}</p>
                  <p className="text-sm text-gray-600">
                    {stand.slug}
                    {stand.organization ? ` · ${t('hallPages.stands.from', { organization: stand.organization })}` : ''}
                  </p>
                </div>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${stand.approved && stand.standAccepted ? 'bg-brand-green/20 text-brand-dark' : 'bg-brand-pink/15 text-brand-dark'}`}
                >
                  {!stand.approved ? t('hall.pending') : stand.standAccepted ? t('hall.approved') : t('hallPages.stands.invitedStatus')}
                </span>
                {stand.previewLinks.map((link) => (
                  <a
                    key={link.href}
                    href={link.href}
                    target="_blank"
                    rel="noreferrer"
                    className="text-sm text-brand-dark underline underline-offset-2"
                    aria-label={t('hallPages.stands.previewNamed', { name: stand.name, convention: link.title })}
                  >
                    {stand.previewLinks.length > 1 ? t('hallPages.stands.previewIn', { convention: link.title }) : t('hallPages.stands.preview')}
                  </a>
                ))}
                {stand.approved ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="approve" />
                    <input type="hidden" name="id" value={stand.id} />
                    <Button type="submit" variant="green" className="!px-3 !py-1.5 text-sm" aria-label={t('hallPages.stands.approveNamed', { name: stand.name })}>
                      {t('hallPages.stands.approve')}
                    </Button>
                  </Form>
                )}
                <ConfirmDelete
                  intent="removeStand"
                  id={stand.id}
                  name={stand.name}
                  label={t('hallPages.stands.remove')}
                  ariaLabel={t('hallPages.stands.removeNamed', { name: stand.name })}
                  title={t('hallPages.stands.removeTitle')}
                  message={t('hallPages.stands.removeText', { name: stand.name })}
                />
              </div>
            )}
          </ReorderableList>
        </div>

        <h3 className="mt-8 font-semibold">{t('hallPages.stands.add')}</h3>
        <Form method="post" encType="multipart/form-data" {...getFormProps(addStand)} className="mt-3 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="addStand" />
          <TextField
            field={addStandFields.domain}
            label={t('hallPages.stands.domain')}
            description={t('hallPages.stands.domainHint')}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor="hall-add-stand-file" className="text-sm font-medium">
              {t('hallPages.stands.thumbnail')}
            </label>
            <input
              id="hall-add-stand-file"
              type="file"
              name="file"
              accept={ACCEPT_BY_PURPOSE.IMAGE}
              aria-invalid={thumbnailError ? true : undefined}
              aria-describedby="hall-add-stand-file-error"
              className="block text-sm"
            />
            <p id="hall-add-stand-file-error" className="text-sm text-brand-red">
              {thumbnailError}
            </p>
          </div>
          {addStand.errors?.length ? (
            <p role="alert" className="text-sm text-brand-red sm:col-span-2">
              {addStand.errors.join(' ')}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" isDisabled={busy}>
              {t('hallPages.stands.addSubmit')}
            </Button>
          </div>
        </Form>
      </section>

      <AccessSection
        permissionType={hall.permissionType}
        tokens={data.tokens}
        permissions={data.permissions}
        lastForm={actionData?.form}
        lastResult={actionData?.result}
      />
    </div>
  );
}
