import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BuilderHeader } from '~/components/events/builder-sections';
import { ImageForm } from '~/components/events/image-form';
import { NumberField, TextArea, TextField } from '~/components/ui/field';
import { errorFor, PageSection, useRouteForm } from '~/components/ui/route-form';
import { SettingsSection } from '~/components/events/builder-sections';
import { defineGuards } from '~/lib/guards';
import { crumbsFrom } from '~/lib/breadcrumbs';
import { withNamespaces } from '~/lib/i18n-namespaces';
import {
  contrastRatio,
  LOGO_POSITIONS,
  PersonalizationSettingsForm,
  primaryContrastFails,
  type LogoPositionName,
} from '~/lib/schemas/personalization';
import { runGuards } from '~/server/guards.server';
import { pictureAction } from '~/server/pages/picture.server';
import { intentOf, intentsOf, orNotFound, readPostedForm, submitForm, paramsOf } from '~/server/route-kit.server';
import { fileUrl } from '~/server/services/files/files.server';
import { ownPersonalization, updatePersonalization } from '~/server/services/personalizations/personalizations';
import { redirectWithToast } from '~/server/toast.server';
import { lookOfForm, paintable, PersonalizationPreview, type PreviewLook } from './preview';

export const handle = {
  i18n: ['common', 'errors', 'validation', 'files', 'personalization'],
  breadcrumb: crumbsFrom<typeof loader>((d) => [{ label: d.personalization.title }]),
};
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.personalization.title ?? '' }];

export const guards = defineGuards({
  organization: true,
  feature: 'personalization',
});

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { persSlug } = paramsOf(params, 'persSlug');
  const p = await orNotFound(ownPersonalization(context.service, { slug: persSlug }));
  return {
    personalization: {
      id: p.id,
      slug: p.slug,
      title: p.title,
      logoUrl: p.logo_id ? fileUrl({ id: p.logo_id }) : null,
      faviconUrl: p.favicon_id ? fileUrl({ id: p.favicon_id }) : null,
      logoPosition: p.logo_position,
      logoWidth: p.logo_width,
      primaryColor: p.primary_color,
      secondaryColor: p.secondary_color,
      imprint: p.imprint,
      dataPrivacy: p.data_privacy,
    },
  };
}

const Intents = intentsOf(['settings', 'logo', 'favicon']);

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { persSlug } = paramsOf(params, 'persSlug');
  const current = await orNotFound(ownPersonalization(ctx, { slug: persSlug }));
  const here = `/personalizations/${current.slug}`;
  const posted = await readPostedForm(request, context, ['logo', 'favicon']);
  const { intent } = intentOf(posted.formData, Intents);
  switch (intent) {
    case 'settings': {
      const done = await submitForm(context, posted.formData, intent, PersonalizationSettingsForm, (input) =>
        updatePersonalization(ctx, current.id, {
          title: input.title,
          logoPosition: input.logoPosition as LogoPositionName,
          // an empty or non-numeric width is refused by the service like any width out of range
          logoWidth: input.logoWidth.trim() === '' ? Number.NaN : Number(input.logoWidth),
          primaryColor: input.primaryColor,
          secondaryColor: input.secondaryColor,
          imprint: input.imprint,
          dataPrivacy: input.dataPrivacy,
        })
      );
      if (!done.ok) return done.answer;
      // the title names the page: a new title may have changed nothing else, the slug stays
      return redirectWithToast(here, {
        type: 'success',
        key: 'personalization:edit.saved',
      });
    }
    case 'logo':
      return pictureAction(context, posted, intent, (fileId) => updatePersonalization(ctx, current.id, { logoId: fileId }), {
        here,
        key: 'personalization:edit.logo.saved',
      });
    case 'favicon':
      return pictureAction(context, posted, intent, (fileId) => updatePersonalization(ctx, current.id, { faviconId: fileId }), {
        here,
        key: 'personalization:edit.favicon.saved',
      });
  }
}

function ContrastNote({ primary }: { primary: string }) {
  const { t, i18n } = useTranslation('personalization');
  const ratio = new Intl.NumberFormat(i18n.language, {
    maximumFractionDigits: 2,
  }).format(contrastRatio('#ffffff', primary));
  const fails = primaryContrastFails(primary);
  return (
    <p
      role="status"
      data-testid={fails ? 'contrast-warning' : 'contrast-ok'}
      className={
        fails
          ? 'rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:col-span-2'
          : 'text-sm text-gray-700 sm:col-span-2'
      }
    >
      {fails ? t('edit.contrastWarning', { color: primary, ratio }) : t('edit.contrastOk', { ratio })}
    </p>
  );
}

export default function PersonalizationBuilder() {
  const { t } = useTranslation('personalization');
  const { personalization: p } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // stable between renders (the preview re-renders on every keystroke)
  const stored: PreviewLook = useMemo(
    () => ({
      title: p.title,
      logoPosition: p.logoPosition,
      logoWidth: String(p.logoWidth),
      primaryColor: p.primaryColor,
      secondaryColor: p.secondaryColor,
    }),
    [p]
  );
  const defaultValue = useMemo(() => ({ ...stored, imprint: p.imprint, dataPrivacy: p.dataPrivacy }), [stored, p]);
  const [settings, fields] = useRouteForm(PersonalizationSettingsForm, {
    id: 'personalization-settings',
    answer: actionData,
    form: 'settings',
    defaultValue,
  });
  const [look, setLook] = useState<PreviewLook>(stored);
  // a save brings new stored values: the preview starts from them again
  useEffect(() => setLook(stored), [stored]);
  // the preview follows the form as it is typed (React's change events, after the fields' own; without
  // JavaScript it shows the saved look)
  const follow = () => {
    const form = document.getElementById(settings.id);
    if (form instanceof HTMLFormElement) setLook(lookOfForm(form));
  };
  const checkedPosition = String(fields.logoPosition.initialValue ?? p.logoPosition);

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <BuilderHeader back="/personalizations" backLabel={t('edit.back')} title={t('edit.title', { title: p.title })} />

      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div onChange={follow}>
          <SettingsSection id="personalization-settings" title={t('edit.settings')} form={settings} submit={t('edit.save')}>
            <TextField field={fields.title} label={t('edit.title_field')} className="sm:col-span-2" />
            <fieldset className="flex flex-col gap-1 sm:col-span-2">
              <legend className="text-sm font-medium">{t('edit.logoPosition')}</legend>
              <div className="mt-1 flex flex-wrap gap-4">
                {LOGO_POSITIONS.map((position) => (
                  <label key={position} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      form={settings.id}
                      name={fields.logoPosition.name}
                      value={position}
                      defaultChecked={checkedPosition === position}
                    />
                    {t(`edit.positions.${position}`)}
                  </label>
                ))}
              </div>
              {fields.logoPosition.errors?.length ? <p className="text-sm text-brand-red">{fields.logoPosition.errors.join(' ')}</p> : null}
            </fieldset>
            <NumberField field={fields.logoWidth} label={t('edit.logoWidth')} step={1} />
            <div />
            <TextField field={fields.primaryColor} label={t('edit.primaryColor')} description={t('edit.colorHint')} />
            <TextField field={fields.secondaryColor} label={t('edit.secondaryColor')} description={t('edit.colorHint')} />
            <ContrastNote primary={paintable(look.primaryColor, stored.primaryColor)} />
            <TextArea field={fields.imprint} label={t('edit.imprint')} rows={5} className="sm:col-span-2" />
            <TextArea field={fields.dataPrivacy} label={t('edit.dataPrivacy')} rows={5} className="sm:col-span-2" />
          </SettingsSection>
        </div>

        <PageSection id="personalization-preview" title={t('preview.heading')} intro={t('preview.intro')} className="self-start">
          <PersonalizationPreview look={look} stored={stored} logoUrl={p.logoUrl} />
        </PageSection>
      </div>

      {(['logo', 'favicon'] as const).map((kind) => (
        <ImageForm
          key={kind}
          id={`personalization-${kind}`}
          intent={kind}
          title={t(`edit.${kind}.heading`)}
          hint={t(`edit.${kind}.hint`)}
          fileLabel={t(`edit.${kind}.file`)}
          submitLabel={t(`edit.${kind}.submit`)}
          imageUrl={kind === 'logo' ? p.logoUrl : p.faviconUrl}
          imageAlt={t(`edit.${kind}.alt`, { title: p.title })}
          noImage={t(`edit.${kind}.none`)}
          error={errorFor(actionData, kind)}
          fit="contain"
        />
      ))}
    </div>
  );
}
