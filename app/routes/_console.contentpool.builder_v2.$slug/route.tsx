import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import { useActionData, useLoaderData } from '@remix-run/react';
import type { z } from 'zod';
import { ContentPageBuilder, type BuilderAnswer } from '~/components/content-pages/builder/builder';
import { contentFromForm } from '~/components/content-pages/builder/fields';
import { applyOp, findColumn, isEmptyCell, newLayoutId, type LayoutOp } from '~/components/content-pages/builder/state';
import { crumbsFrom } from '~/lib/breadcrumbs';
import { isBlockType } from '~/lib/content-pages/blocks';
import type { LayoutItem, PageLayout } from '~/lib/content-pages/layout';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { formDataProblems } from '~/server/hygiene.server';
import type { RequestContext } from '~/server/request-context.server';
import { orNotFound, paramsOf } from '~/server/route-kit.server';
import { editablePage } from '~/server/services/content-pages/pages';
import { publishPage, unpublishPage } from '~/server/services/content-pages/publish';
import { createTranslation, deleteTranslation, editableTranslation } from '~/server/services/content-pages/translations';
import { discardDraft, draftOf, saveDraft } from '~/server/services/content-pages/drafts';
import { isDomainError, type DomainError } from '~/server/services/errors';
import { redirectWithToast } from '~/server/toast.server';
import { PagePersonalizationSection } from '~/components/personalization/page-personalization-section';
import { pagePersonalizationSetting } from '~/server/pages/page-personalization.server';
import { AddForm, CopyItemForm, DeleteForm, DeleteTranslationForm, DiscardDraftForm, DraftForm, EditForm, IntentForm, MoveForm, SaveForm, TemplateForm, TranslateForm } from './forms';
import { builderData, builderPath, formFieldOf, languageOf, otherLanguageItem, pageTranslations, readBuilderPost, saveLayout } from './server';
import { addOp } from '~/components/content-pages/builder/state';

export const handle = {
  i18n: ['common', 'errors', 'validation', 'pages', 'personalization'],
  breadcrumb: crumbsFrom<typeof loader>((d) => [{ key: 'pages:builder.list.title', to: '/contentpool/pages' }, { label: d.title }]),
};
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.documentTitle ?? '' }];

export const guards = defineGuards({ organization: true, feature: 'content' });

/** Sending or dropping the server draft (issue 24 item 7) changes nothing the page shows: no reload of its data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get('intent');
  return intent === 'draft' || intent === 'discardDraft' ? false : defaultShouldRevalidate;
};

/** /contentpool/builder_v2/{slug}: the content page builder (issue 16); ?language= picks the page's language (?lang= stays the interface's), ?item= selects. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { slug } = paramsOf(params, 'slug');
  const found = await orNotFound(builderData(context, slug, new URL(request.url)));
  // the page settings' personalization picker (its own section and route, issue 24 item 5)
  const personalization = await pagePersonalizationSetting(context, found.page.slug);
  // the editor's unsaved work kept on the server from another browser or device (issue 24 item 7)
  const serverDraft = found.translation ? await draftOf(context.service, found.translation.id) : null;
  return { ...found, personalization, serverDraft, documentTitle: context.service.t('pages:builder.title', { name: found.title }) };
}

const reply = (body: BuilderAnswer, status = 400) => data<BuilderAnswer>(body, { status });

/** A refused change or save: the version conflict's clear message (409) or the fields' messages at the side form. */
function refused(form: string, error: DomainError) {
  if (error.code === 'VERSION_CONFLICT') return reply({ form, error: error.message, conflict: true }, 409);
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.errors.length ? error.errors : [{ field: error.field, message: error.message }]) {
    const field = formFieldOf(issue.field ?? null);
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  return reply({ form, error: error.message, fieldErrors }, error.code === 'NOT_FOUND' ? 404 : 400);
}

function parsed<S extends z.ZodTypeAny>(schema: S, formData: FormData): z.output<S> | null {
  const result = schema.safeParse(Object.fromEntries(formData.entries()));
  return result.success ? (result.data as z.output<S>) : null;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { slug } = paramsOf(params, 'slug');
  const page = await orNotFound(editablePage(ctx, { slug }));
  const { formData, uploadErrors } = await readBuilderPost(request, context);
  const bad = () => reply({ error: ctx.t('errors:correctFields') }, 400);
  if (formDataProblems(formData).length) return bad();
  const head = parsed(IntentForm, formData);
  if (!head) return bad();
  const lang = languageOf(String(formData.get('lang') ?? ''), ctx.language);
  const here = (item?: string | null) => builderPath(page.slug, { lang, item });
  if (Object.keys(uploadErrors).length) {
    const [first] = Object.values(uploadErrors);
    return reply({ form: 'edit', error: first, fieldErrors: uploadErrors }, 400);
  }
  try {
    switch (head.intent) {
      case 'publish':
        await publishPage(ctx, page.id);
        return redirectWithToast(here(), { type: 'success', key: 'pages:messages.published' });
      case 'unpublish':
        await unpublishPage(ctx, page.id);
        return redirectWithToast(here(), { type: 'success', key: 'pages:messages.unpublished' });
      case 'translate': {
        const input = parsed(TranslateForm, formData);
        if (!input) return bad();
        await createTranslation(ctx, { pageId: page.id, fromLang: input.fromLang, toLang: input.toLang });
        return redirectWithToast(builderPath(page.slug, { lang: input.toLang }), { type: 'success', key: 'pages:messages.translationCreated' });
      }
      case 'draft': {
        const input = parsed(DraftForm, formData);
        if (!input) return bad();
        let layout: unknown;
        try {
          layout = JSON.parse(input.layout);
        } catch {
          return bad();
        }
        const { page: owner } = await editableTranslation(ctx, input.translationId);
        if (owner.id !== page.id) throw new Response('Not Found', { status: 404 });
        const kept = await saveDraft(ctx, input.translationId, { baseVersion: input.baseVersion, layout });
        return data({ draft: { savedAt: kept.savedAt } }, { status: 200 });
      }
      case 'discardDraft': {
        const input = parsed(DiscardDraftForm, formData);
        if (!input) return bad();
        const { page: owner } = await editableTranslation(ctx, input.translationId);
        if (owner.id !== page.id) throw new Response('Not Found', { status: 404 });
        await discardDraft(ctx, input.translationId);
        return data({ draft: null }, { status: 200 });
      }
      case 'deleteTranslation': {
        const input = parsed(DeleteTranslationForm, formData);
        if (!input) return bad();
        // asks first (spec 000 point 4), then shows the first remaining language
        if (input.confirmed !== 'yes') return reply({ form: 'deleteTranslation', confirm: { intent: 'deleteTranslation', id: input.translationId, name: '' } }, 200);
        const { page: owner } = await editableTranslation(ctx, input.translationId);
        if (owner.id !== page.id) throw new Response('Not Found', { status: 404 });
        await deleteTranslation(ctx, input.translationId);
        const [first] = await pageTranslations(context, page);
        return redirectWithToast(builderPath(page.slug, { lang: first?.language ?? null }), { type: 'success', key: 'pages:messages.translationDeleted' });
      }
      default:
        return await change(context, page, head.intent, formData, here);
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === 'NOT_FOUND') throw new Response('Not Found', { status: 404 });
    return refused(head.intent, error);
  }
}

/** A change of the layout without JavaScript: applied to the stored layout and saved with the form's version. */
async function change(
  context: RequestContext,
  page: { id: string; slug: string },
  intent: string,
  formData: FormData,
  here: (item?: string | null) => string,
) {
  const ctx = context.service;
  const bad = () => reply({ form: intent, error: ctx.t('errors:correctFields') }, 400);
  const base = parsed(EditForm.pick({ translationId: true, baseVersion: true }), formData);
  if (!base) return bad();
  const { translation, page: owner } = await editableTranslation(ctx, base.translationId);
  if (owner.id !== page.id) throw new Response('Not Found', { status: 404 });
  const stored = translation.layout as PageLayout;

  if (intent === 'save') {
    const input = parsed(SaveForm, formData);
    if (!input) return bad();
    let layout: unknown;
    try {
      layout = JSON.parse(input.layout);
    } catch {
      return bad();
    }
    const saved = await saveLayout(context, translation.id, input.baseVersion, layout as PageLayout, input.name || undefined);
    if (!saved.ok) return refused('save', saved.error);
    return redirectWithToast(here(), { type: 'success', key: 'pages:messages.saved' });
  }

  let op: LayoutOp | null = null;
  let toast = 'pages:messages.saved';
  switch (intent) {
    case 'template': {
      const input = parsed(TemplateForm, formData);
      if (input) op = { op: 'template', key: input.template };
      break;
    }
    case 'add': {
      const input = parsed(AddForm, formData);
      if (!input) break;
      op = input.fillColumnId
        ? { op: 'fill', columnId: input.fillColumnId, block: input.block, itemId: newLayoutId() }
        : input.where
        ? addOp(input.block, input.afterColumnId ?? null, input.where)
        : { op: 'add', block: input.block, afterColumnId: input.afterColumnId ?? null, beside: input.beside === 'yes', itemId: newLayoutId() };
      break;
    }
    case 'edit': {
      const input = parsed(EditForm, formData);
      const column = input ? findColumn(stored, input.columnId) : null;
      if (!column?.item || !isBlockType(column.item.content.type)) return reply({ form: intent, error: ctx.t('errors:notFound') }, 404);
      op = { op: 'update', itemId: column.item.id, content: contentFromForm(column.item.content.type, column.item.content, formData) as LayoutItem['content'] };
      break;
    }
    case 'delete': {
      const input = parsed(DeleteForm, formData);
      const column = input ? findColumn(stored, input.columnId) : null;
      if (!input || !column) return reply({ form: intent, error: ctx.t('errors:notFound') }, 404);
      if (isEmptyCell(column) && input.confirmed !== 'yes') return reply({ form: intent, confirm: { intent: 'delete', id: column.id, name: '' } }, 200);
      op = { op: 'delete', columnId: column.id };
      toast = column.item ? 'pages:messages.itemDeleted' : 'pages:messages.cellDeleted';
      break;
    }
    case 'move': {
      const input = parsed(MoveForm, formData);
      if (input) op = { op: 'move', columnId: input.columnId, direction: input.direction };
      break;
    }
    case 'copyItem': {
      const input = parsed(CopyItemForm, formData);
      const column = input ? findColumn(stored, input.columnId) : null;
      const source = column?.item ? await otherLanguageItem(context, owner, translation.language as 'DE' | 'EN', column.item.id) : null;
      if (!column?.item || !source) return reply({ form: intent, error: ctx.t('errors:notFound') }, 404);
      op = { op: 'update', itemId: column.item.id, content: source.content };
      break;
    }
  }
  if (!op) return bad();
  const result = applyOp(stored, op);
  if (!result.ok) return reply({ form: intent, error: ctx.t(`pages:builder.failure.${result.reason}`) }, result.reason === 'NOT_FOUND' ? 404 : 400);
  const saved = await saveLayout(context, translation.id, base.baseVersion, result.layout);
  if (!saved.ok) return refused(intent, saved.error);
  return redirectWithToast(here(intent === 'delete' || intent === 'template' ? null : result.focus), { type: 'success', key: toast });
}

export default function ContentPageBuilderRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() ?? null;
  return (
    <div className="space-y-6">
      <ContentPageBuilder data={loaded} answer={answer} />
      {loaded.personalization ? <PagePersonalizationSection setting={loaded.personalization} /> : null}
    </div>
  );
}
