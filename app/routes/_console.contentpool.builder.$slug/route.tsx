import { getFormProps, type FormMetadata } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCESS_CONFIRM_TEXTS, AccessSection } from '~/components/events/access-section';
import { BuilderHeader, ConfirmAnswer, SettingsSection } from '~/components/events/builder-sections';
import { Button, buttonClassName } from '~/components/ui/button';
import { TextField, type ConformField } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { errorFor, FormErrors, PageSection, useIsPending, useRouteForm } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { crumbsFrom } from '~/lib/breadcrumbs';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { CONTENT_LANGUAGES, CONTENT_OBJECT_TYPES, type ContentLanguage, type ContentObjectInput } from '~/lib/schemas/content';
import { runGuards } from '~/server/guards.server';
import { parseForm } from '~/server/forms-zod.server';
import { answer, confirmedListAction, intentOf, intentsOf, listAction, orNotFound, submitForm, paramsOf } from '~/server/route-kit.server';
import { accessAction, accessData } from '~/server/pages/access.server';
import { renameGroup, setGroupPermissionType, setGroupPreview, tagGroup, untagGroup } from '~/server/services/content/groups';
import { createObject, deleteObject, moveObject, translateObject, updateObject, updateOrder } from '~/server/services/content/objects';
import { isDomainError } from '~/server/services/errors';
import { redirectWithToast } from '~/server/toast.server';
import { FileUpload } from './file-upload';
import { AccessTypeForm, CreateObjectForm, RenameForm, TagForm, UpdateObjectForm } from './forms';
import { ObjectForm } from './object-form';
import { flatten } from './nodes';
import { builderData, editableGroupBySlug, readBuilderPost } from './server';
import { movedOrder } from '~/components/ui/reorder';
import { AddLinks, BuilderTree, NodeList } from './tree';

export const handle = {
  i18n: ['common', 'errors', 'validation', 'builder', 'contentview', 'events', 'access'],
  breadcrumb: crumbsFrom<typeof loader>((d) => [{ label: d.group.name }]),
};
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? '' }];

export const guards = defineGuards({ organization: true, feature: 'content' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { slug } = paramsOf(params, 'slug');
  const group = await orNotFound(editableGroupBySlug(context.service, slug));
  const [data, access] = await Promise.all([
    builderData(context, group),
    accessData(context, { kind: 'content', id: group.id, organization_id: group.organization_id }),
  ]);
  const search = new URL(request.url).searchParams;
  const addType = CONTENT_OBJECT_TYPES.find((type) => type === search.get('add')) ?? null;
  const parentId = search.get('parent');
  return {
    ...data,
    ...access,
    title: context.service.t('builder:pageTitle', { name: group.name }),
    add: addType ? { type: addType, parentId: data.containers.some((c) => c.id === parentId) ? parentId : null } : null,
    edit: flatten(data.tree).some((node) => node.id === search.get('edit')) ? search.get('edit') : null,
  };
}

const Intents = intentsOf(['rename', 'settings', 'tag', 'untag', 'preview', 'create', 'update', 'delete', 'moveTo', 'translate', 'reorder', 'move']);

/** The posted object fields as the content service takes them (a field the form shows but left empty is cleared). */
function objectInput(input: { type: ContentObjectInput['type'] } & Omit<ContentObjectInput, 'type'>): ContentObjectInput {
  return {
    type: input.type,
    name: input.name ?? '',
    value: input.value ?? '',
    link: input.link ?? null,
    openLinkInNewWindow: input.openLinkInNewWindow ?? false,
    fileId: input.fileId ?? null,
    size: input.size ?? null,
    language: input.language ?? null,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { slug } = paramsOf(params, 'slug');
  const group = await orNotFound(editableGroupBySlug(ctx, slug));
  const here = `/contentpool/builder/${group.slug}`;
  const { formData, uploaded, failure } = await readBuilderPost(request, context);
  // access keys and people with access (the access section's own intents)
  const access = await accessAction(context, formData, { kind: 'content', id: group.id, organization_id: group.organization_id }, here);
  if (access) return access;
  const { intent } = intentOf(formData, Intents);
  const id = String(formData.get('id') ?? '');
  // every object a form names must be one of this group's (another group's looks missing)
  const nodes = flatten((await builderData(context, group)).tree);
  const inGroup = (objectId: string) => nodes.some((node) => node.id === objectId);
  const missing = () => redirectWithToast(here, { type: 'error', key: 'errors:notFound' });

  switch (intent) {
    case 'rename': {
      const done = await submitForm(context, formData, intent, RenameForm, ({ name }) => renameGroup(ctx, group.id, name));
      if (!done.ok) return done.answer;
      return redirectWithToast(here, { type: 'success', key: 'builder:group.renamed' });
    }
    case 'settings': {
      const done = await submitForm(context, formData, intent, AccessTypeForm, ({ permissionType }) => setGroupPermissionType(ctx, group.id, permissionType));
      if (!done.ok) return done.answer;
      return redirectWithToast(here, { type: 'success', key: 'builder:access.saved', values: { type: ctx.t(`builder:access.types.${done.value.permission_type}`) } });
    }
    case 'tag': {
      const done = await submitForm(context, formData, intent, TagForm, ({ text }) => tagGroup(ctx, group.id, text));
      if (!done.ok) return done.answer;
      return redirectWithToast(here, { type: 'success', key: 'builder:tags.added', values: { text: done.input.text.trim() } });
    }
    case 'untag':
      return listAction(here, () => untagGroup(ctx, group.id, String(formData.get('tagId') ?? '')), { key: 'builder:tags.removed' });
    case 'preview': {
      const fileId = uploaded?.id ?? String(formData.get('fileId') ?? '');
      const problem = failure?.message ?? (fileId ? null : ctx.t('files:upload.noFile'));
      if (problem) return answer({ form: intent, error: problem });
      try {
        await setGroupPreview(ctx, group.id, fileId);
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return answer({ form: intent, error: error.message });
      }
      return redirectWithToast(here, { type: 'success', key: 'builder:preview.saved' });
    }
    case 'create':
    case 'update': {
      const schema = intent === 'create' ? CreateObjectForm : UpdateObjectForm;
      if (failure) {
        const submission = parseForm(context, formData, schema);
        return answer({ form: 'object', result: submission.reply({ fieldErrors: { fileId: [failure.message] } }) });
      }
      if (intent === 'update' && !inGroup(id)) return missing();
      const done =
        intent === 'create'
          ? await submitForm(context, formData, 'object', CreateObjectForm, (input) => createObject(ctx, group.id, input.parentId ?? null, objectInput(input)))
          : await submitForm(context, formData, 'object', UpdateObjectForm, ({ id: objectId, ...input }) => updateObject(ctx, objectId, objectInput(input)));
      if (!done.ok) return done.answer;
      const typeName = ctx.t(`builder:types.${done.value.type}`);
      return redirectWithToast(here, { type: 'success', key: intent === 'create' ? 'builder:object.created' : 'builder:object.saved', values: { type: typeName } });
    }
    case 'delete':
      if (!inGroup(id)) return missing();
      return confirmedListAction(formData, here, () => deleteObject(ctx, id), {
        key: 'builder:object.deleted',
        values: { name: String(formData.get('name') ?? '') },
      });
    case 'moveTo': {
      const parentId = String(formData.get('parentId') ?? '') || null;
      if (!inGroup(id) || (parentId && !inGroup(parentId))) return missing();
      return listAction(here, () => moveObject(ctx, id, parentId), { key: parentId ? 'builder:object.movedInto' : 'builder:object.movedOut' });
    }
    case 'translate': {
      const language = CONTENT_LANGUAGES.find((lang) => lang === formData.get('language'));
      if (!language) throw new Response('Bad Request', { status: 400 });
      if (!inGroup(id)) return missing();
      return listAction(here, () => translateObject(ctx, id, language), { key: 'builder:object.translated', values: { language } });
    }
    case 'reorder': {
      const ids = formData.getAll('ids').map(String);
      if (!ids.every(inGroup)) return missing();
      return listAction(here, () => updateOrder(ctx, ids), { key: 'builder:order.saved' });
    }
    case 'move': {
      const node = nodes.find((n) => n.id === id);
      if (!node) return missing();
      const siblings = nodes.filter((n) => n.parentId === node.parentId).map((n) => n.id);
      const next = movedOrder(siblings, id, String(formData.get('direction') ?? ''));
      if (!next) return redirectWithToast(here, { type: 'info', key: 'builder:order.saved' });
      return listAction(here, () => updateOrder(ctx, next), {
        key: 'builder:order.moved',
        values: { position: next.indexOf(id) + 1, total: next.length },
      });
    }
  }
}

/** A form of one text field and its button posting `intent` (the group's name, a new tag), its errors below. */
function OneFieldForm<Schema extends Record<string, unknown>>({
  intent,
  form,
  field,
  label,
  submit,
  fieldClassName,
}: {
  intent: string;
  form: FormMetadata<Schema, string[]>;
  field: ConformField;
  label: string;
  submit: string;
  fieldClassName: string;
}) {
  const pending = useIsPending();
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={intent} />
      <TextField field={field} label={label} className={fieldClassName} />
      <Button type="submit" isDisabled={pending}>
        {submit}
      </Button>
      <FormErrors errors={form.errors} className="w-full" />
    </Form>
  );
}

function RenameSection({ name, answer }: { name: string; answer: ReturnType<typeof useActionData<typeof action>> }) {
  const { t } = useTranslation('builder');
  const [form, fields] = useRouteForm(RenameForm, { id: 'rename', answer, defaultValue: { name } });
  return <OneFieldForm intent="rename" form={form} field={fields.name} label={t('group.name')} submit={t('group.rename')} fieldClassName="min-w-56 flex-1" />;
}

function TagsSection({ tags, answer }: { tags: { id: string; text: string }[]; answer: ReturnType<typeof useActionData<typeof action>> }) {
  const { t } = useTranslation('builder');
  const [form, fields] = useRouteForm(TagForm, { id: 'tag', answer });
  return (
    <div className="space-y-3">
      {tags.length ? (
        <ul aria-label={t('tags.label')} className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag.id} className="flex items-center gap-1 rounded-full bg-brand-grey px-3 py-1 text-sm">
              {tag.text}
              <Form method="post">
                <input type="hidden" name="intent" value="untag" />
                <input type="hidden" name="tagId" value={tag.id} />
                <button type="submit" aria-label={t('tags.removeNamed', { text: tag.text })} className="px-1 font-bold text-brand-dark">
                  ×
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-600">{t('tags.none')}</p>
      )}
      <OneFieldForm intent="tag" form={form} field={fields.text} label={t('tags.new')} submit={t('tags.add')} fieldClassName="min-w-48 flex-1" />
    </div>
  );
}

function PreviewSection({ previewUrl, error }: { previewUrl: string | null; error?: string }) {
  const { t } = useTranslation('builder');
  const pending = useIsPending();
  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-4">
      <input type="hidden" name="intent" value="preview" />
      <FileUpload purpose="IMAGE" label={t('preview.file')} currentUrl={previewUrl} errors={error ? [error] : []} isImage />
      <Button type="submit" isDisabled={pending}>
        {t('preview.save')}
      </Button>
    </Form>
  );
}

/** The access types in the order the form offers them; each option's explanation is named by its label. */
const ACCESS_TYPES = ['PUBLIC', 'LOGGED_IN', 'TOKEN'] as const;

/** The no-JavaScript confirmation of an object's delete (the access section's deletes have their own texts). */
const DELETE_OBJECT = { title: 'builder:tree.deleteTitle', message: 'builder:tree.deleteText' };

export default function ContentBuilder() {
  const { t } = useTranslation('builder');
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { group, tree, containers } = data;
  const here = `/contentpool/builder/${group.slug}`;
  const [announcement, setAnnouncement] = useState('');
  const context = useMemo(() => ({ announce: setAnnouncement, containers }), [containers]);
  const nodes = flatten(tree);
  const editing = data.edit ? nodes.find((node) => node.id === data.edit) : undefined;
  const addParent = data.add?.parentId ? nodes.find((node) => node.id === data.add!.parentId) : undefined;
  // a navigation (the redirect after creating a key) starts the access forms anew: the new key's fields are emptied
  const { key: visit } = useLocation();
  const [accessForm, accessFields] = useRouteForm(AccessTypeForm, { id: 'settings', answer: actionData, defaultValue: { permissionType: group.permissionType } });

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <BuilderHeader back="/contentpool" backLabel={t('back')} title={t('title', { name: group.name })}>
        <p className="mt-2 flex flex-wrap gap-4 text-sm">
          <Link to={`/contentpool/preview?slug=${encodeURIComponent(group.slug)}`} className="text-brand-dark underline underline-offset-2">
            {t('previewDesktop')}
          </Link>
          <Link to={`/contentpool/preview?slug=${encodeURIComponent(group.slug)}&width=phone`} className="text-brand-dark underline underline-offset-2">
            {t('previewPhone')}
          </Link>
          <Link to={`/html/${encodeURIComponent(group.slug)}`} className="text-brand-dark underline underline-offset-2">
            {t('contentview:html.title')}
          </Link>
        </p>
      </BuilderHeader>

      <ConfirmAnswer answer={actionData} texts={ACCESS_CONFIRM_TEXTS} fallback={DELETE_OBJECT} />

      <PageSection id="builder-group" title={t('group.heading')}>
        <div className="mt-4 space-y-6">
          <RenameSection name={group.name} answer={actionData} />
          <div>
            <h3 className="mb-2 font-semibold">{t('tags.heading')}</h3>
            <TagsSection tags={group.tags} answer={actionData} />
          </div>
          <div>
            <h3 className="mb-2 font-semibold">{t('preview.heading')}</h3>
            <p className="mb-2 text-sm text-gray-700">{t('preview.hint')}</p>
            <PreviewSection previewUrl={group.previewUrl} error={errorFor(actionData, 'preview')} />
          </div>
        </div>
      </PageSection>

      <SettingsSection id="builder-access" title={t('access.heading')} form={accessForm} submit={t('access.save')}>
        <p className="text-sm text-gray-700">{t('access.hint')}</p>
        <dl className="grid gap-1 text-sm text-gray-700 sm:grid-cols-[auto_1fr] sm:gap-x-3" data-access-options>
          {ACCESS_TYPES.map((type) => (
            <div key={type} className="contents">
              <dt className="font-medium">{t(`access.types.${type}`)}</dt>
              <dd>{t(`access.explain.${type}`)}</dd>
            </div>
          ))}
        </dl>
        <Select
          name={accessFields.permissionType.name}
          label={t('access.label')}
          options={ACCESS_TYPES.map((type) => ({ id: type, label: t(`access.types.${type}`) }))}
          defaultSelectedKey={group.permissionType}
          errors={accessFields.permissionType.errors}
        />
      </SettingsSection>
      <AccessSection key={visit} permissionType={group.permissionType} tokens={data.tokens} permissions={data.permissions} answer={actionData} />

      {data.add ? (
        <ObjectForm
          key={`add-${data.add.type}-${data.add.parentId ?? ''}`}
          type={data.add.type}
          parent={addParent ? { id: addParent.id, type: addParent.type, name: addParent.name } : null}
          languages={addParent?.type === 'LOCALIZED' ? (addParent.availableLanguages as ContentLanguage[]) : undefined}
          answer={actionData}
          here={here}
        />
      ) : null}
      {editing && !data.add ? <ObjectForm key={`edit-${editing.id}`} type={editing.type} node={editing} answer={actionData} here={here} /> : null}

      <PageSection id="builder-content" title={t('tree.heading')} intro={t('tree.hint')}>
        <div className="mt-4 space-y-4">
          {tree.length ? (
            <BuilderTree.Provider value={context}>
              <NodeList nodes={tree} parent={null} here={here} />
            </BuilderTree.Provider>
          ) : (
            <p className="text-gray-700">{t('tree.empty')}</p>
          )}
          <AddLinks types={CONTENT_OBJECT_TYPES} label={t('tree.addTop')} here={here} />
          <p className="text-sm">
            <Link to="/contentpool" className={`${buttonClassName('transparent')} !px-0`}>
              {t('back')}
            </Link>
          </p>
        </div>
      </PageSection>
      <p role="status" aria-live="polite" className="sr-only" data-testid="order-announcement">
        {announcement}
      </p>
    </div>
  );
}
