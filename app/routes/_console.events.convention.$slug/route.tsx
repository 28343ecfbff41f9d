import { getFormProps, type FormMetadata } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { EVENT_TIME_ZONE } from '~/components/conventions/datetime';
import { FoyerEditor } from '~/components/conventions/foyer-editor';
import { AddHallForm, AddStageForm, ConventionSettingsForm, OnDemandForm } from '~/components/conventions/forms';
import { ContentPagePicker } from '~/components/content-pages/page-picker';
import { conventionAction, conventionDashboard } from './server';
import { NativeSelect } from '~/components/conventions/native-select';
import { SectionMenu } from '~/components/conventions/section-menu';
import { StatusBadge } from '~/components/conventions/status-badge';
import { ACCESS_CONFIRM_TEXTS, AccessSection } from '~/components/events/access-section';
import { BuilderHeader, ConfirmAnswer, PictureSection, SettingsSection } from '~/components/events/builder-sections';
import { ConfirmDelete } from '~/components/events/confirm-delete';
import { DeleteObject } from '~/components/events/list-sections';
import { ImageForm } from '~/components/events/image-form';
import { TranslationsSection } from '~/components/events/translations-section';
import { Checkbox } from '~/components/ui/checkbox';
import { TextArea, TextField } from '~/components/ui/field';
import { errorFor, FormErrors, PageSection, resultFor, SubmitButton, useRouteForm } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { crumbsFrom } from '~/lib/breadcrumbs';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { PERMISSION_TYPES } from '~/lib/schemas/stands';
import { ItemTextsFieldset } from '~/components/ui/item-texts-fieldset';
import { runGuards } from '~/server/guards.server';
import { paramsOf } from '~/server/route-kit.server';

export const handle = {
  i18n: ['common', 'errors', 'validation', 'events', 'files', 'access', 'pages'],
  breadcrumb: crumbsFrom<typeof loader>((d) => [{ label: d.convention.title }]),
};
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.convention.title ?? '' }];

export const guards = defineGuards({ organization: true, feature: 'event' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { slug } = paramsOf(params, 'slug');
  return conventionDashboard(context, slug);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { slug } = paramsOf(params, 'slug');
  return conventionAction(request, context, slug);
}

const CONFIRM_TEXTS: Record<string, { title: string; message: string }> = {
  ...ACCESS_CONFIRM_TEXTS,
  removeHall: { title: 'pages.halls.removeTitle', message: 'pages.halls.removeText' },
  removeStage: { title: 'pages.stage.removeTitle', message: 'pages.stage.removeText' },
  deletePoint: { title: 'pages.foyer.deleteTitle', message: 'pages.foyer.deleteText' },
  navigationReset: { title: 'pages.navigation.resetTitle', message: 'pages.navigation.resetText' },
  onDemandDelete: { title: 'pages.onDemand.deleteTitle', message: 'pages.onDemand.deleteText' },
};

export default function ConventionDashboard() {
  const { t } = useTranslation(['events', 'common']);
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { convention: c } = data;

  const [settings, s] = useRouteForm(ConventionSettingsForm, {
    id: 'convention-settings',
    answer: actionData,
    form: 'settings',
    defaultValue: { title: c.title, startDate: c.startLocal, endDate: c.endLocal, video: c.video, helpPage: c.helpPage },
  });
  const [hallForm, hf] = useRouteForm(AddHallForm, { id: 'convention-hall', answer: actionData, form: 'addHall' });
  const [stageForm, sf] = useRouteForm(AddStageForm, { id: 'convention-stage', answer: actionData, form: 'addStage' });
  const [onDemandForm, od] = useRouteForm(OnDemandForm, { id: 'convention-on-demand', answer: actionData, form: 'onDemandCreate' });

  const permissionOptions = PERMISSION_TYPES.map((p) => ({ value: p, label: t(`convention.permissionType.${p}`) }));

  // the section menu's entries: each section's heading (PageSection's `${id}-title`, the shared sections' own ids)
  const sections = [
    { id: 'settings-title', label: t('pages.convention.settings') },
    { id: 'translations-title', label: t('hallPages.translations.heading') },
    { id: 'header-image-title', label: t('pages.headerImage.heading') },
    { id: 'tokens-title', label: t('access:tokens.heading') },
    { id: 'permissions-title', label: t('access:permissions.heading') },
    { id: 'halls-title', label: t('pages.halls.heading') },
    { id: 'stage-title', label: t('pages.stage.heading') },
    { id: 'navigation-title', label: t('pages.navigation.heading') },
    { id: 'on-demand-title', label: t('pages.onDemand.heading') },
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <BuilderHeader back="/events" backLabel={t('pages.convention.back')} title={t('pages.convention.title', { title: c.title })}>
        <div className="mt-2">
          <StatusBadge status={c.status} />
        </div>
        <p className="mt-1 text-sm text-gray-600">
          {t('pages.convention.address', { slug: c.slug })} ·{' '}
          <Link to={`/sitemap/${c.slug}`} className="underline-offset-2 hover:underline">
            {t('pages.convention.sitemap')}
          </Link>
        </p>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <a
            href={`/convention/${c.slug}`}
            aria-label={t('pages.convention.publicPageNamed', { title: c.title })}
            className="font-medium text-brand-dark underline underline-offset-2"
          >
            {t('pages.convention.publicPage')}
          </a>
          {c.active ? null : <span className="text-gray-700">{t('pages.convention.notActive')}</span>}
        </p>
      </BuilderHeader>

      <ConfirmAnswer answer={actionData} texts={CONFIRM_TEXTS} />

      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_13rem] lg:gap-8">
        <SectionMenu sections={sections} label={t('pages.convention.sections')} summary={t('pages.convention.sectionsMenu')} />
        <div className="min-w-0 space-y-8 lg:col-start-1 lg:row-start-1 [&_h2]:scroll-mt-20">
          <SettingsSection id="settings" title={t('pages.convention.settings')} form={settings} submit={t('pages.convention.save')}>
            <TextField field={s.title} label={t('naming.internalName')} description={t('naming.internalNameHint')} className="sm:col-span-2" />
            <TextField field={s.startDate} type="datetime-local" label={t('pages.convention.start')} description={t('pages.timeZoneHint', { zone: EVENT_TIME_ZONE })} />
            <TextField field={s.endDate} type="datetime-local" label={t('pages.convention.end')} description={t('pages.timeZoneHint', { zone: EVENT_TIME_ZONE })} />
            <TextField field={s.video} type="url" label={t('pages.convention.video')} description={t('pages.videoHint')} className="sm:col-span-2" />
            <NativeSelect name="permissionType" label={t('pages.convention.permissionType')} options={permissionOptions} defaultValue={c.permissionType} errors={s.permissionType.errors} />
            <div className="flex flex-col justify-end gap-3">
              <Checkbox name="active" defaultSelected={c.active}>
                {t('pages.convention.active')}
              </Checkbox>
              <Checkbox name="shop" defaultSelected={c.shop}>
                {t('pages.convention.shop')}
              </Checkbox>
            </div>
            <TextArea field={s.helpPage} label={t('pages.convention.helpPage')} className="sm:col-span-2" />
            <ContentPagePicker name="contentPageId" label={t('pages:picker.conventionPage')} pages={data.pages} defaultValue={c.contentPageId} errors={s.contentPageId.errors} />
            <ContentPagePicker name="helpContentPageId" label={t('pages:picker.helpPage')} pages={data.pages} defaultValue={c.helpContentPageId} errors={s.helpContentPageId.errors} />
          </SettingsSection>

          <TranslationsSection translations={data.translations} answer={actionData} />

          <PictureSection id="header-image" intent="headerImage" keys="pages.headerImage" values={{ title: c.title }} imageUrl={c.headerImageUrl} answer={actionData} />

          <AccessSection permissionType={c.permissionType} tokens={data.tokens} permissions={data.permissions} answer={actionData} />

          <PageSection id="halls" title={t('pages.halls.heading')}>
            {data.halls.length ? (
              <ul className="mt-3 divide-y" aria-label={t('pages.halls.heading')}>
                {data.halls.map((h) => (
                  <li key={h.id} className="flex items-center justify-between gap-3 py-2">
                    <PartRow part={h} to={`/hall/builder/${h.slug}`} keys="pages.halls" intent="removeHall" />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-gray-700">{t('pages.halls.none')}</p>
            )}
            {data.availableHalls.length ? (
              <AddPartForm form={hallForm} intent="addHall" name="hallId" keys="pages.halls" errors={hf.hallId.errors} errorsClassName="w-full"
                options={data.availableHalls.map((h) => ({ value: h.id, label: h.name }))} />
            ) : (
              <p className="mt-3 text-sm text-gray-700">
                {t('pages.halls.noMore')}{' '}
                <Link to="/hall" className="underline">
                  {t('pages.halls.manage')}
                </Link>
              </p>
            )}
          </PageSection>

          <PageSection id="stage" title={t('pages.stage.heading')}>
            <p className="mt-1 text-sm text-gray-700">{t('pages.stage.intro')}</p>
            {data.stage ? (
              <div className="mt-3 flex items-center justify-between gap-3">
                <PartRow part={{ id: data.stage.id, name: data.stage.title }} to={`/events/stage/${data.stage.slug}`} keys="pages.stage" intent="removeStage" />
              </div>
            ) : (
              <p className="mt-3 text-sm text-gray-700">{t('pages.stage.none')}</p>
            )}
            {data.availableStages.length ? (
              <AddPartForm form={stageForm} intent="addStage" name="stageId" keys="pages.stage" errors={sf.stageId.errors}
                options={data.availableStages.map((st) => ({ value: st.id, label: st.title }))} />
            ) : null}
          </PageSection>

          <PageSection id="navigation" title={t('pages.navigation.heading')}>
            <p className="mt-1 text-sm text-gray-700">
              {t('pages.navigation.current', { mode: t(`convention.navigationMode.${c.navigationMode}`) })}
            </p>
            {c.navigationMode === 'DEFAULT' || !data.foyer ? (
              <Form method="post" className="mt-4">
                <input type="hidden" name="intent" value="foyerEnable" />
                <SubmitButton variant="darkBlue">{t('pages.navigation.useFoyer')}</SubmitButton>
              </Form>
            ) : (
              <div className="mt-4 space-y-6">
                <ConfirmDelete
                  intent="navigationReset"
                  id={c.id}
                  name={c.title}
                  label={t('pages.navigation.reset')}
                  title={t('pages.navigation.resetTitle')}
                  message={t('pages.navigation.resetText')}
                />
                <ImageForm
                  id="foyer-image"
                  intent="foyerImage"
                  title={t('pages.foyer.imageHeading')}
                  hint={t('pages.foyer.imageHint')}
                  fileLabel={t('pages.foyer.file')}
                  submitLabel={t('pages.foyer.upload')}
                  imageUrl={null}
                  imageAlt=""
                  noImage={data.foyer.imageUrl ? t('pages.foyer.replace') : t('pages.foyer.noImage')}
                  error={errorFor(actionData, 'foyerImage')}
                />
                {data.foyer.imageUrl ? (
                  <FoyerEditor imageUrl={data.foyer.imageUrl} points={data.foyer.points} targets={data.foyerTargets} lastResult={resultFor(actionData, 'addPoint')} />
                ) : null}
                <p className="text-sm">
                  <Link to={`/events/convention/${c.slug}/shoplink`} className="underline">
                    {t('pages.shopLink.open')}
                  </Link>
                </p>
              </div>
            )}
          </PageSection>

          <PageSection id="on-demand" title={t('pages.onDemand.heading')}>
            {data.onDemand.length ? (
              <ul className="mt-3 divide-y">
                {data.onDemand.map((item) => (
                  <li key={item.id} className="py-3">
                    <details>
                      <summary className="cursor-pointer font-medium">{item.title}</summary>
                      <Form method="post" className="mt-3 grid gap-3">
                        <input type="hidden" name="intent" value="onDemandUpdate" />
                        <input type="hidden" name="id" value={item.id} />
                        <label className="flex flex-col gap-1 text-sm font-medium">
                          {t('pages.onDemand.title')}
                          <input name="title" required maxLength={255} defaultValue={item.title} className="rounded-md border border-gray-300 px-3 py-2 font-normal" />
                        </label>
                        <label className="flex flex-col gap-1 text-sm font-medium">
                          {t('pages.onDemand.description')}
                          <textarea name="description" rows={3} defaultValue={item.description} className="rounded-md border border-gray-300 px-3 py-2 font-normal" />
                        </label>
                        <ItemTextsFieldset values={item.texts} idPrefix={`on-demand-${item.id}`} />
                        <ContentPagePicker pages={data.pages} defaultValue={item.contentPageId} />
                        <div className="flex gap-3">
                          <SubmitButton>{t('pages.onDemand.save')}</SubmitButton>
                        </div>
                      </Form>
                      <div className="mt-2">
                        <DeleteObject item={{ id: item.id, name: item.title }} keys="pages.onDemand" intent="onDemandDelete" label={t('pages.delete')} />
                      </div>
                    </details>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-gray-700">{t('pages.onDemand.none')}</p>
            )}
            <Form method="post" {...getFormProps(onDemandForm)} className="mt-4 grid gap-3">
              <h3 className="font-semibold">{t('pages.onDemand.add')}</h3>
              <input type="hidden" name="intent" value="onDemandCreate" />
              <FormErrors errors={onDemandForm.errors} />
              <TextField field={od.title} label={t('pages.onDemand.title')} />
              <TextArea field={od.description} label={t('pages.onDemand.description')} rows={3} />
              <ItemTextsFieldset values={{}} idPrefix="on-demand-new" />
              <ContentPagePicker name={od.contentPageId.name} pages={data.pages} errors={od.contentPageId.errors} />
              <div>
                <SubmitButton>{t('pages.onDemand.addSubmit')}</SubmitButton>
              </div>
            </Form>
          </PageSection>
        </div>
      </div>
    </div>
  );
}

/** The texts of the convention's parts, halls or its stage (`<keys>.add`, `.addSubmit`, `.removeNamed` ...). */
type PartKeys = 'pages.halls' | 'pages.stage';

/** One hall or the stage of the convention: the link to its page and the button removing it from the convention. */
function PartRow({ part, to, keys, intent }: { part: { id: string; name: string }; to: string; keys: PartKeys; intent: string }) {
  const { t } = useTranslation('events');
  return (
    <>
      <Link to={to} className="font-medium underline-offset-2 hover:underline">
        {part.name}
      </Link>
      <DeleteObject item={part} keys={keys} intent={intent} verb="remove" label={t('pages.remove')} />
    </>
  );
}

/** The form that adds one of the organisation's halls or stages to the convention: a select and a button. */
function AddPartForm<S extends Record<string, unknown>>(props: {
  form: FormMetadata<S, string[]>;
  intent: string;
  name: string;
  keys: PartKeys;
  options: { value: string; label: string }[];
  errors?: string[];
  errorsClassName?: string;
}) {
  const { t } = useTranslation('events');
  return (
    <Form method="post" {...getFormProps(props.form)} className="mt-4 flex flex-wrap items-end gap-4">
      <input type="hidden" name="intent" value={props.intent} />
      <NativeSelect name={props.name} label={t(`${props.keys}.add`)} options={props.options} errors={props.errors} required />
      <SubmitButton>{t(`${props.keys}.addSubmit`)}</SubmitButton>
      <FormErrors errors={props.form.errors} className={props.errorsClassName} />
    </Form>
  );
}
