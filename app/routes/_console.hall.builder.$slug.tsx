import { getFormProps } from '@conform-to/react';
import { data as answerWith, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCESS_CONFIRM_TEXTS, AccessSection } from '~/components/events/access-section';
import { accessAction, accessData } from '~/server/pages/access.server';
import { BuilderHeader, ConfirmAnswer, PictureSection, SettingsSection } from '~/components/events/builder-sections';
import { ConfirmDelete } from '~/components/events/confirm-delete';
import { AddStandForm, HallSettingsForm } from '~/lib/schemas/event-forms';
import { answer, confirmedListAction, intentOf, intentsOf, listAction, orNotFound, readPostedForm, submitForm, paramsOf } from '~/server/route-kit.server';
import { pictureAction } from '~/server/pages/picture.server';
import { ReorderableList } from '~/components/events/reorderable-list';
import { movedOrder } from '~/components/ui/reorder';
import { TranslationsSection } from '~/components/events/translations-section';
import { translationAction } from '~/server/pages/translations.server';
import { Button, buttonClassName } from '~/components/ui/button';
import { Select } from '~/components/ui/select';
import { FileField, TextField } from '~/components/ui/field';
import { FormErrors, PageSection, RowActionForm, SubmitButton, useRouteForm } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { crumbsFrom } from '~/lib/breadcrumbs';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { PERMISSION_TYPES } from '~/lib/schemas/stands';
import { ACCEPT_BY_PURPOSE } from '~/lib/file-limits';
import { parseForm } from '~/server/forms-zod.server';
import { runGuards } from '~/server/guards.server';
import { hallAddStand, hallRemoveStand, hallReorderStands, hallStandsOf } from '~/server/services/events/hall-stands';
import { approvalWarningText, approveHallStand } from '~/server/services/events/stand-approval';
import { conventionsOfHall, createHallTranslation, hallBySlug, updateHall, updateHallTranslation } from '~/server/services/events/halls';
import { standNameOf, standOwnerOf, textsOf } from '~/server/services/events/relations';
import { fileUrl } from '~/server/services/files/files.server';
import { redirectWithToast } from '~/server/toast.server';

export const handle = {
  i18n: ['common', 'errors', 'validation', 'events', 'files', 'access'],
  // the hall within its convention (the first by name when it is part of several)
  breadcrumb: crumbsFrom<typeof loader>((d) => [
    ...d.conventions.slice(0, 1).map((c) => ({ label: c.title, to: `/events/convention/${c.slug}` })),
    { label: d.hall.name },
  ]),
};
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.hall.name ?? '' }];

export const guards = defineGuards({ organization: true, feature: 'event' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { slug } = paramsOf(params, 'slug');
  const hall = await orNotFound(hallBySlug(ctx, slug));
  const [translations, hallStands, access, conventions] = await Promise.all([
    textsOf(ctx, 'hall', hall.id),
    hallStandsOf(ctx, hall),
    accessData(context, { kind: 'hall', ...hall }),
    conventionsOfHall(ctx, hall.id),
  ]);
  const [names, owners] = await Promise.all([
    Promise.all(hallStands.map((hs) => standNameOf(ctx, hs))),
    Promise.all(hallStands.map((hs) => standOwnerOf(ctx, hs))),
  ]);
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
      name: names[i],
      organization: owners[i]?.id === hall.organization_id ? null : (owners[i]?.name ?? null),
      thumbnailUrl: hs.thumbnail_id ? fileUrl({ id: hs.thumbnail_id }) : null,
      // an application waiting for approval can be shown by its unguessable preview link, in each convention of
      // the hall (an invitation cannot: its organisation has not agreed to show the stand here yet)
      previewLinks: hs.approved || !hs.stand_accepted
        ? []
        : conventions.map((c) => ({ title: c.title, href: `/prev/${hs.preview_slug}/convention/${c.slug}/hall/${hall.slug}/stand/${hs.slug}` })),
    })),
    conventions: conventions.map((c) => ({ slug: c.slug, title: c.title })),
    ...access,
  };
}

const Intents = intentsOf(['settings', 'translation', 'thumbnail', 'addStand', 'approve', 'removeStand', 'reorder', 'move']);

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { slug } = paramsOf(params, 'slug');
  const hall = await orNotFound(hallBySlug(ctx, slug));
  const here = `/hall/builder/${hall.slug}`;
  const posted = await readPostedForm(request, context, ['thumbnail', 'addStand']);
  const { formData, uploaded, failure } = posted;
  const access = await accessAction(context, formData, { kind: 'hall', ...hall }, here);
  if (access) return access;
  const { intent } = intentOf(formData, Intents);
  const id = String(formData.get('id') ?? '');

  switch (intent) {
    case 'settings': {
      const done = await submitForm(context, formData, intent, HallSettingsForm, ({ name, permissionType }) => updateHall(ctx, hall.id, { name, permissionType }));
      if (!done.ok) return done.answer;
      return redirectWithToast(here, { type: 'success', key: 'events:hallPages.builder.saved' });
    }
    case 'translation':
      return translationAction(context, formData, here, {
        create: (input) => createHallTranslation(ctx, hall.id, input),
        update: (trId, input) => updateHallTranslation(ctx, trId, input),
        existing: await textsOf(ctx, 'hall', hall.id),
      });
    case 'thumbnail':
      return pictureAction(context, posted, intent, (fileId) => updateHall(ctx, hall.id, { thumbnailId: fileId }), { here, key: 'events:hallPages.thumbnail.saved' });
    case 'addStand': {
      const submission = parseForm(context, formData, AddStandForm);
      if (submission.status === 'success' && failure) return answer({ form: intent, result: submission.reply({ fieldErrors: { thumbnail: [failure.message] } }) });
      const done = await submitForm(context, formData, intent, AddStandForm, ({ domain }) => hallAddStand(ctx, hall.id, { domain, thumbnailId: uploaded?.id ?? null }));
      if (!done.ok) return done.answer;
      const key = done.value.stand_accepted ? 'events:hall.standAdded' : 'events:hallPages.stands.invited';
      return redirectWithToast(here, { type: 'success', key });
    }
    case 'approve': {
      // a stand without views or without texts in a language: the page lists what is missing and approves only
      // after the host confirms (confirm=1, the same rule as GraphQL's hallApproveStand(confirm: true))
      let approval: Awaited<ReturnType<typeof approveHallStand>> | undefined;
      const done = await listAction(here, async () => (approval = await approveHallStand(ctx, id, { confirm: formData.get('confirm') === '1' })), {
        key: 'events:hall.standApproved',
      });
      if (!approval || approval.approved) return done;
      return answerWith({
        form: intent,
        approval: { id, name: await standNameOf(ctx, approval.hallStand), warnings: approval.warnings.map((w) => approvalWarningText(ctx.t, w)) },
      });
    }
    case 'removeStand':
      return confirmedListAction(formData, here, () => hallRemoveStand(ctx, id), { key: 'events:hall.standRemoved' });
    case 'reorder': {
      const ids = formData.getAll('ids').map(String);
      return listAction(here, () => hallReorderStands(ctx, hall.id, ids), { key: 'events:hall.standsReordered' });
    }
    case 'move': {
      const hallStands = await hallStandsOf(ctx, hall);
      const next = movedOrder(hallStands.map((hs) => hs.id), id, String(formData.get('direction')));
      if (!next) return redirectWithToast(here, { type: 'info', key: 'events:hall.standsReordered' });
      const moved = hallStands.find((hs) => hs.id === id)!;
      const name = await standNameOf(ctx, moved);
      return listAction(here, () => hallReorderStands(ctx, hall.id, next), {
        key: 'events:hallPages.order.moved',
        values: { name, position: next.indexOf(id) + 1, total: next.length },
      });
    }
  }
}

const CONFIRM_TEXTS = { ...ACCESS_CONFIRM_TEXTS };
const REMOVE_STAND = { title: 'hallPages.stands.removeTitle', message: 'hallPages.stands.removeText' };

export default function HallBuilder() {
  const { t } = useTranslation(['events', 'common']);
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { hall, stands } = data;

  const [settings, settingsFields] = useRouteForm(HallSettingsForm, {
    id: 'hall-settings',
    answer: actionData,
    form: 'settings',
    defaultValue: { name: hall.name, permissionType: hall.permissionType },
  });
  const [addStand, addStandFields] = useRouteForm(AddStandForm, { id: 'hall-add-stand', answer: actionData, form: 'addStand' });
  const thumbnailError = (addStand.allErrors.thumbnail ?? []).join(' ');
  const permissionOptions = PERMISSION_TYPES.map((p) => ({ id: p, label: t(`hallPages.permission.${p}`) }));

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <BuilderHeader back="/hall" backLabel={t('hallPages.builder.back')} title={t('hallPages.builder.title', { name: hall.name })} />

      <ConfirmAnswer answer={actionData} texts={CONFIRM_TEXTS} fallback={REMOVE_STAND} />
      {actionData && 'approval' in actionData ? <ApprovalWarnings approval={actionData.approval} /> : null}

      <SettingsSection id="hall-settings" title={t('hallPages.builder.settings')} form={settings} submit={t('hallPages.builder.save')}>
        <TextField field={settingsFields.name} label={t('naming.internalName')} description={t('naming.internalNameHint')} />
        <Select
          name={settingsFields.permissionType.name}
          label={t('hallPages.builder.permissionType')}
          options={permissionOptions}
          defaultSelectedKey={hall.permissionType}
          errors={settingsFields.permissionType.errors}
        />
      </SettingsSection>

      <TranslationsSection translations={data.translations} answer={actionData} />

      <PictureSection id="hall-thumbnail" keys="hallPages.thumbnail" values={{ name: hall.name }} imageUrl={hall.thumbnailUrl} answer={actionData} />

      <PageSection id="hall-stands" title={t('hallPages.stands.heading')} intro={t('hallPages.stands.orderHint')}>
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
                  <RowActionForm intent="approve" id={stand.id} variant="green" className="!px-3 !py-1.5 text-sm" aria-label={t('hallPages.stands.approveNamed', { name: stand.name })}>
                    {t('hallPages.stands.approve')}
                  </RowActionForm>
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
          <FileField id="hall-add-stand-file" label={t('hallPages.stands.thumbnail')} accept={ACCEPT_BY_PURPOSE.IMAGE} error={thumbnailError} />
          <FormErrors errors={addStand.errors} className="sm:col-span-2" />
          <div className="sm:col-span-2">
            <SubmitButton>{t('hallPages.stands.addSubmit')}</SubmitButton>
          </div>
        </Form>
      </PageSection>

      <AccessSection permissionType={hall.permissionType} tokens={data.tokens} permissions={data.permissions} answer={actionData} />
    </div>
  );
}

/** The approval's second step: what the stand lacks, "approve anyway" (confirm=1) or leave it waiting. */
function ApprovalWarnings({ approval }: { approval: { id: string; name: string; warnings: string[] } }) {
  const { t } = useTranslation('events');
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [approval.id]);
  return (
    <section role="alertdialog" aria-labelledby="approval-title" aria-describedby="approval-intro" className="rounded-lg border-2 border-brand-pink bg-white p-6 shadow-sm">
      <h2 id="approval-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t('hallPages.approval.title', { name: approval.name })}
      </h2>
      <p id="approval-intro" className="mt-2">
        {t('hallPages.approval.intro')}
      </p>
      <ul className="ml-5 mt-2 list-disc">
        {approval.warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="id" value={approval.id} />
        <input type="hidden" name="confirm" value="1" />
        <Button type="submit" variant="green">
          {t('hallPages.approval.confirm')}
        </Button>
        <Link to={pathname} className={buttonClassName('whiteModal')}>
          {t('hallPages.approval.cancel')}
        </Link>
      </Form>
    </section>
  );
}
