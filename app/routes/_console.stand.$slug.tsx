import { getFormProps, type SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '~/components/conventions/native-select';
import { ConfirmStep } from '~/components/events/confirm-delete';
import { DeleteObject } from '~/components/events/list-sections';
import { answer, confirmationStep, intentOf, intentsOf, listAction, orNotFound, readPostedForm, submitForm, paramsOf } from '~/server/route-kit.server';
import { ImageForm } from '~/components/events/image-form';
import { TranslationsSection } from '~/components/events/translations-section';
import { translationAction } from '~/server/pages/translations.server';
import { AddNodeForm, AddPointForm, StandSettingsForm, UpdatePointForm, pointTranslations } from '~/components/stands/forms';
import { ApplyToHall, StandPlaceList } from '~/components/stands/hall-places';
import { hallPlacesAction } from '~/server/pages/hall-places.server';
import { PointEditor } from '~/components/stands/point-editor';
import { loadNodes, type NodeView } from '~/server/pages/stand.server';
import { buttonClassName } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { FileField, TextField } from '~/components/ui/field';
import { useHydrated } from '~/components/ui/use-hydrated';
import { defineGuards } from '~/lib/guards';
import { crumbsFrom } from '~/lib/breadcrumbs';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { LANGUAGES } from '~/lib/language';
import { NODE_TYPES } from '~/lib/schemas/stands';
import { domainErrorReply } from '~/server/forms.server';
import { parseForm } from '~/server/forms-zod.server';
import { runGuards } from '~/server/guards.server';
import { DomainError, isDomainError } from '~/server/services/errors';
import { createStandNode, deleteStandNode, updateStandNode } from '~/server/services/events/nodes';
import { standPlaces } from '~/server/services/events/hall-stands';
import { createPoint, deletePoint, updatePoint } from '~/server/services/events/points';
import { textsOf } from '~/server/services/events/relations';
import { pageChoices } from '~/server/services/content-pages/picker';
import { createStandTranslation, standBySlug, updateBaseStand, updateStandTranslation } from '~/server/services/events/stands';
import { ACCEPT_BY_PURPOSE } from '~/lib/file-limits';
import { redirectWithToast } from '~/server/toast.server';
import { safeHref } from '~/lib/url';
import { FormErrors, SubmitButton, useRouteForm } from '~/components/ui/route-form';

export const handle = {
  i18n: ['common', 'errors', 'validation', 'events', 'files', 'pages'],
  breadcrumb: crumbsFrom<typeof loader>((d) => [{ label: d.stand.name }]),
};
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.stand.name ?? '' }];

export const guards = defineGuards({ organization: true, feature: 'event' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { slug } = paramsOf(params, 'slug');
  const stand = await orNotFound(standBySlug(ctx, slug));
  const [translations, nodes, places, pages] = await Promise.all([
    textsOf(ctx, 'stand', stand.id),
    loadNodes(ctx, stand.id),
    standPlaces(ctx, { standId: stand.id }),
    pageChoices(ctx, stand.organization_id),
  ]);
  return {
    stand: { id: stand.id, slug: stand.slug, name: stand.name, shop: stand.shop, shopUrl: stand.shop_url, chatUrl: stand.chat_url },
    translations: translations.map((tr) => ({ language: tr.language, title: tr.title, description: tr.description })),
    nodes,
    places,
    pages,
  };
}

const Intents = intentsOf(['settings', 'translation', 'addNode', 'nodeImage', 'deleteNode', 'deletePoint', 'addPoint', 'updatePoint']);

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { slug } = paramsOf(params, 'slug');
  const stand = await orNotFound(standBySlug(ctx, slug));
  const here = `/stand/${stand.slug}`;
  const { formData, uploaded, failure } = await readPostedForm(request, context, ['addNode', 'nodeImage']);
  const t = ctx.t;
  const options = { correctFieldsMessage: t('errors:correctFields') };
  const id = String(formData.get('id') ?? '');
  const placed = await hallPlacesAction(context, formData, here, stand.id);
  if (placed) return placed;
  const { intent } = intentOf(formData, Intents);

  if (intent === 'settings') {
    const done = await submitForm(context, formData, intent, StandSettingsForm, ({ name, shop, shopUrl, chatUrl }) =>
      updateBaseStand(ctx, stand.id, { name, shop, shopUrl: shopUrl ?? '', chatUrl: chatUrl ?? '' }),
    );
    if (!done.ok) return done.answer;
    // a new name keeps the slug, so the page stays where it is
    return redirectWithToast(here, { type: 'success', key: 'events:standPages.editor.saved' });
  }

  if (intent === 'translation') {
    return translationAction(context, formData, here, {
      create: (input) => createStandTranslation(ctx, stand.id, input),
      update: (trId, input) => updateStandTranslation(ctx, trId, input),
      existing: await textsOf(ctx, 'stand', stand.id),
    });
  }

  if (intent === 'addNode') {
    const submission = parseForm(context, formData, AddNodeForm);
    if (submission.status !== 'success') return answer({ form: 'addNode', result: submission.reply() }, 400);
    const { type, language, iframe } = submission.value;
    const needsImage = type !== 'IFRAME';
    const fileProblem = needsImage ? (failure?.message ?? (uploaded ? null : t('files:upload.noFile'))) : null;
    if (fileProblem) return answer({ form: 'addNode', result: submission.reply({ fieldErrors: { file: [fileProblem] } }) }, 400);
    try {
      await createStandNode(ctx, stand.id, { type, language, imageId: needsImage ? uploaded!.id : null, iframe: needsImage ? undefined : (iframe ?? '') });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      // the service names the image `imageId`; on this page it is the file field
      const errors = error.errors.map((e) => (e.field === 'imageId' ? { ...e, field: 'file' } : e));
      const reply = domainErrorReply(submission, DomainError.fromFieldErrors(errors), options);
      return answer({ form: 'addNode', result: reply }, 400);
    }
    return redirectWithToast(here, { type: 'success', key: 'events:standPages.nodes.added' });
  }

  if (intent === 'nodeImage') {
    const nodeId = String(formData.get('nodeId') ?? '');
    const problem = failure?.message ?? (uploaded ? null : t('files:upload.noFile'));
    if (problem) return answer({ form: `nodeImage-${nodeId}`, error: problem }, 400);
    try {
      await orNotFound(updateStandNode(ctx, nodeId, { imageId: uploaded!.id }));
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return answer({ form: `nodeImage-${nodeId}`, error: error.message }, 400);
    }
    return redirectWithToast(here, { type: 'success', key: 'events:standPages.nodes.imageSaved' });
  }

  if (intent === 'deleteNode' || intent === 'deletePoint') {
    const step = confirmationStep(formData);
    if (step) return answer(step, 200);
    if (intent === 'deleteNode') return listAction(here, () => deleteStandNode(ctx, id), { key: 'events:standPages.nodes.deleted' });
    return listAction(here, () => deletePoint(ctx, id), { key: 'events:stand.pointsDeleted' });
  }

  if (intent === 'addPoint') {
    const done = await submitForm(context, formData, `point-${String(formData.get('nodeId') ?? '')}`, AddPointForm, (v) =>
      createPoint(ctx, v.nodeId, {
        cx: v.cx,
        cy: v.cy,
        kind: v.kind,
        ...(v.kind === 'REFERENCE' ? { name: v.name, order: v.order, contentPageId: v.contentPageId ?? null, translations: pointTranslations(v) } : {}),
      }),
    );
    if (!done.ok) return done.answer;
    return redirectWithToast(here, { type: 'success', key: 'events:stand.pointsCreated' });
  }

  // updatePoint
  const done = await submitForm(context, formData, `point-edit-${id}`, UpdatePointForm, (v) =>
    updatePoint(ctx, v.id, { cx: v.cx, cy: v.cy, name: v.name, order: v.order, contentPageId: v.contentPageId ?? null, translations: pointTranslations(v) }),
  );
  if (!done.ok) return done.answer;
  return redirectWithToast(here, { type: 'success', key: 'events:standPages.points.saved' });
}

/** "Image (English)", numbered when the stand has several nodes of that type and language. */
function useNodeNames(nodes: NodeView[]): Map<string, string> {
  const { t } = useTranslation(['events', 'common']);
  const names = new Map<string, string>();
  const seen = new Map<string, number>();
  for (const node of nodes) {
    const key = `${node.type}-${node.language}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    const total = nodes.filter((o) => o.type === node.type && o.language === node.language).length;
    const base = t('standPages.nodes.label', { type: t(`stand.nodeType.${node.type}`), language: t(`common:languages.${node.language}`) });
    names.set(node.id, total > 1 ? `${base} ${n}` : base);
  }
  return names;
}

function AddNode({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation(['events', 'common']);
  const hydrated = useHydrated();
  const [type, setType] = useState<string>('IMAGE');
  const [form, fields] = useRouteForm(AddNodeForm, {
    id: 'stand-add-node',
    lastResult,
  });
  const fileErrors = (form.allErrors.file ?? []).join(' ');
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-3 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="addNode" />
      <div onChange={(e) => setType((e.target as HTMLSelectElement).value)}>
        <NativeSelect
          name="type"
          label={t('standPages.nodes.type')}
          defaultValue="IMAGE"
          options={NODE_TYPES.map((nt) => ({ value: nt, label: t(`stand.nodeType.${nt}`) }))}
          errors={fields.type.errors}
        />
      </div>
      <NativeSelect
        name="language"
        label={t('standPages.nodes.language')}
        defaultValue="DE"
        options={LANGUAGES.map((l) => ({ value: l, label: t(`common:languages.${l}`) }))}
        errors={fields.language.errors}
      />
      {!hydrated || type !== 'IFRAME' ? (
        <FileField id="stand-add-node-file" label={t('standPages.nodes.file')} accept={ACCEPT_BY_PURPOSE.IMAGE} error={fileErrors} announce />
      ) : null}
      {!hydrated || type === 'IFRAME' ? (
        <TextField field={fields.iframe} type="url" label={t('standPages.nodes.iframe')} description={t('standPages.nodes.iframeHint')} />
      ) : null}
      <FormErrors errors={form.errors} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <SubmitButton>{t('standPages.nodes.addSubmit')}</SubmitButton>
      </div>
    </Form>
  );
}

export default function StandEditor() {
  const { t } = useTranslation(['events', 'common']);
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { stand, nodes } = data;
  const nodeNames = useNodeNames(nodes);

  const [settings, settingsFields] = useRouteForm(StandSettingsForm, {
    id: 'stand-settings',
    lastResult: actionData?.form === 'settings' ? actionData.result : undefined,
    defaultValue: { name: stand.name, shopUrl: stand.shopUrl, chatUrl: stand.chatUrl },
  });

  const confirm = actionData?.confirm;
  const confirmKeys = confirm?.intent === 'deleteNode' ? 'nodes' : 'points';

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <div>
        <Link to="/stand" className="text-sm text-brand-dark underline-offset-2 hover:underline">
          {t('standPages.editor.back')}
        </Link>
        <h1 className="mt-1 text-2xl font-semibold">{t('standPages.editor.title', { name: stand.name })}</h1>
        <p className="mt-1 text-sm text-gray-700">{t('standPages.editor.domain', { slug: stand.slug })}</p>
        <div className="mt-3 flex flex-wrap gap-3">
          <Link to={`/stand/preview/${stand.slug}`} className={buttonClassName('whiteModal')}>
            {t('standPages.editor.preview')}
          </Link>
          <Link to={`/stand/standpreview/${stand.slug}`} className={buttonClassName('whiteModal')}>
            {t('standPages.editor.standPreview')}
          </Link>
        </div>
      </div>

      {confirm ? (
        <ConfirmStep
          confirm={confirm}
          title={t(`standPages.${confirmKeys}.deleteTitle`)}
          message={t(`standPages.${confirmKeys}.deleteText`, { name: confirm.name })}
        />
      ) : null}

      <section aria-labelledby="stand-settings-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="stand-settings-title" className="text-lg font-semibold">
          {t('standPages.editor.settings')}
        </h2>
        <Form method="post" {...getFormProps(settings)} className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="settings" />
          <FormErrors errors={settings.errors} className="sm:col-span-2" />
          <TextField field={settingsFields.name} label={t('naming.internalName')} description={t('naming.internalNameHint')} />
          <div className="flex items-end pb-2">
            <Checkbox name="shop" value="on" defaultSelected={stand.shop}>
              {t('standPages.editor.shop')}
            </Checkbox>
          </div>
          <TextField field={settingsFields.shopUrl} type="url" label={t('standPages.editor.shopUrl')} description={t('standPages.editor.urlHint')} />
          <TextField field={settingsFields.chatUrl} type="url" label={t('standPages.editor.chatUrl')} description={t('standPages.editor.urlHint')} />
          <div className="sm:col-span-2">
            <SubmitButton>{t('standPages.editor.save')}</SubmitButton>
          </div>
        </Form>
      </section>

      <TranslationsSection translations={data.translations} answer={actionData} />

      <section aria-labelledby="stand-nodes-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="stand-nodes-title" className="text-lg font-semibold">
          {t('standPages.nodes.heading')}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{t('standPages.nodes.intro')}</p>
        {nodes.length === 0 ? <p className="mt-4 text-gray-700">{t('standPages.nodes.empty')}</p> : null}
        <ul className="mt-4 space-y-6">
          {nodes.map((node) => {
            const name = nodeNames.get(node.id)!;
            return (
              <li key={node.id} className="rounded-md border p-4" aria-labelledby={`node-${node.id}-title`}>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h3 id={`node-${node.id}-title`} className="font-semibold">
                    {name}
                  </h3>
                  <DeleteObject item={{ id: node.id, name }} keys="standPages.nodes" intent="deleteNode" />
                </div>
                {node.type === 'IFRAME' ? (
                  <p className="mt-2 break-all text-sm">
                    <a href={safeHref(node.iframe)} className="text-brand-dark underline" target="_blank" rel="noreferrer">
                      {node.iframe}
                    </a>
                  </p>
                ) : (
                  <>
                    <PointEditor node={node} nodeName={name} pages={data.pages} lastForm={actionData?.form} lastResult={actionData?.result} />
                    <details className="mt-4" open={actionData?.form === `nodeImage-${node.id}` ? true : undefined}>
                      <summary className="cursor-pointer text-sm text-brand-dark underline-offset-2 hover:underline">
                        {t('standPages.nodes.replace', { name })}
                      </summary>
                      <ImageForm
                        id={`node-image-${node.id}`}
                        intent="nodeImage"
                        hidden={{ nodeId: node.id }}
                        title={t('standPages.nodes.replace', { name })}
                        hint={t(node.type === 'PANO' ? 'standPages.nodes.file21' : 'standPages.nodes.file169')}
                        fileLabel={t('standPages.nodes.fileLabel')}
                        submitLabel={t('standPages.nodes.replaceSubmit')}
                        imageUrl={node.imageUrl}
                        imageAlt={t('standPages.nodes.imageAlt', { name, stand: stand.name })}
                        noImage={t('standPages.nodes.noImage')}
                        error={actionData?.form === `nodeImage-${node.id}` ? actionData.error : undefined}
                      />
                    </details>
                  </>
                )}
              </li>
            );
          })}
        </ul>

        <h3 className="mt-8 font-semibold">{t('standPages.nodes.add')}</h3>
        <AddNode lastResult={actionData?.form === 'addNode' ? actionData.result : undefined} />
      </section>

      <section aria-labelledby="stand-halls-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="stand-halls-title" className="text-lg font-semibold">
          {t('standPages.halls.heading')}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{t('standPages.halls.intro')}</p>
        {data.places.length === 0 ? <p className="mt-4 text-gray-700">{t('standPages.halls.empty')}</p> : <StandPlaceList places={data.places} />}
        <h3 className="mt-8 font-semibold">{t('standPages.halls.apply')}</h3>
        <ApplyToHall lastResult={actionData?.form === 'apply' ? actionData.result : undefined} />
      </section>
    </div>
  );
}
