import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { KeySelect, TemplateSelect } from '~/components/content-pages/key-select';
import { buttonClassName } from '~/components/ui/button';
import { PageSection } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { isTemplateKey } from '~/lib/content-pages/templates';
import { PAGE_LANGUAGES, type PageLanguage } from '~/lib/schemas/content-pages';
import { runGuards } from '~/server/guards.server';
import { formDataProblems } from '~/server/hygiene.server';
import { readForm } from '~/server/posted-form.server';
import { createPage, listPages, translationsOfPage } from '~/server/services/content-pages/pages';
import { isDomainError } from '~/server/services/errors';
import { redirectWithToast } from '~/server/toast.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'pages'], title: 'pages:builder.list.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'content' });

const HERE = '/contentpool/pages';

/** /contentpool/pages: the organisation's content pages, created from a template and opened in the builder (issue 16). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const offset = Math.max(0, Number(new URL(request.url).searchParams.get('offset')) || 0);
  const list = await listPages(ctx, { first: 50, offset });
  const names = await Promise.all(list.items.map((page) => translationsOfPage(ctx).load(page.id)));
  return {
    offset,
    hasNextPage: list.hasNextPage,
    pages: list.items.map((page, i) => ({
      id: page.id,
      slug: page.slug,
      state: page.state,
      name: (names[i]!.find((tr) => tr.language === ctx.language) ?? names[i]![0])?.name ?? page.slug,
      languages: names[i]!.map((tr) => tr.language),
    })),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const formData = await readForm(request);
  const template = String(formData.get('template') ?? '');
  const language = PAGE_LANGUAGES.find((lang) => lang === formData.get('language')) ?? (ctx.language as PageLanguage);
  const name = String(formData.get('name') ?? '').trim();
  if (formDataProblems(formData).length || formData.get('intent') !== 'create') return redirectWithToast(HERE, { type: 'error', key: 'pages:messages.createFailed' });
  try {
    const page = await createPage(ctx, { language, ...(name ? { name } : {}), ...(isTemplateKey(template) ? { template } : {}) });
    return redirectWithToast(`/contentpool/builder_v2/${encodeURIComponent(page.slug)}?language=${language}`, { type: 'success', key: 'pages:messages.created' });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirectWithToast(HERE, { type: 'error', key: 'pages:messages.createFailed' });
  }
}

export default function ContentPagesRoute() {
  const { pages, offset, hasNextPage } = useLoaderData<typeof loader>();
  const { t } = useTranslation('pages');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t('builder.list.title')}</h1>
      <PageSection id="create-page" title={t('builder.list.create')}>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="create" />
          <label className="text-sm">
            {t('builder.name')}
            <input name="name" maxLength={200} className="ml-2 rounded border px-2 py-1" />
          </label>
          <TemplateSelect />
          <KeySelect label={t('builder.languages')} name="language" defaultValue="DE" keys={PAGE_LANGUAGES} labelOf={(lang) => lang} />
          <button type="submit" className={buttonClassName('standardNoMt')}>
            {t('builder.list.createButton')}
          </button>
        </Form>
      </PageSection>
      <PageSection id="page-list" title={t('builder.list.pages')}>
        {pages.length ? (
          <ul className="mt-3 divide-y">
            {pages.map((page) => (
              <li key={page.id} className="flex flex-wrap items-center gap-3 py-2" data-content-page={page.slug}>
                <span className="font-medium">{page.name}</span>
                <span className="text-sm text-gray-700">{t(`builder.state.${page.state}`)}</span>
                <span className="text-sm text-gray-700">{page.languages.join(', ')}</span>
                <Link to={`/contentpool/builder_v2/${encodeURIComponent(page.slug)}`} className="ml-auto underline">
                  {t('builder.list.open', { name: page.name })}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-gray-700">{t('builder.list.empty')}</p>
        )}
        <nav className="mt-3 flex gap-3 text-sm">
          {offset > 0 ? <Link to={`${HERE}?offset=${Math.max(0, offset - 50)}`}>{t('builder.list.previous')}</Link> : null}
          {hasNextPage ? <Link to={`${HERE}?offset=${offset + 50}`}>{t('builder.list.next')}</Link> : null}
        </nav>
      </PageSection>
    </div>
  );
}
