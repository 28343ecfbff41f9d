import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { getFormProps } from '@conform-to/react';
import { Form, Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { IconLibrary } from '~/components/content/icon-library';
import { CreateByName } from '~/components/conventions/create-by-name';
import { ConfirmAnswer } from '~/components/events/builder-sections';
import { DeleteObject } from '~/components/events/list-sections';
import { buttonClassName } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { PageSection, resultFor, useRouteForm } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { GroupCreateForm, GroupRenameForm } from '~/lib/schemas/content';
import { runGuards } from '~/server/guards.server';
import { iconDeleteAction, iconUploadAction, readIconForm } from '~/server/pages/icons.server';
import { confirmedListAction, intentOf, intentsOf, listAction, submitForm } from '~/server/route-kit.server';
import { iconUrl, listIcons } from '~/server/services/content/icons';
import { createGroup, deleteGroup, likeGroup, listGroups, renameGroup, tagsByGroup, tagsByType } from '~/server/services/content/groups';
import { redirectWithToast } from '~/server/toast.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'content', 'personalization', 'pages'], title: 'content:pool.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'content' });

const HERE = '/contentpool';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const url = new URL(request.url);
  const search = url.searchParams.get('q') ?? '';
  const tagId = url.searchParams.get('tag') ?? '';
  const [groups, tags, icons] = await Promise.all([
    listGroups(context.service, { search, tagId }),
    tagsByType(context.service, 'CONTENT'),
    listIcons(context.service),
  ]);
  const groupTags = await Promise.all(groups.map((g) => tagsByGroup(context.service).load(g.id)));
  return {
    search,
    icons: icons.map((icon) => ({ id: icon.id, filename: icon.filename, url: iconUrl(icon) })),
    tagId,
    tags: tags.map((tag) => ({ id: tag.id, text: tag.text })),
    groups: groups.map((g, i) => ({
      id: g.id,
      slug: g.slug,
      name: g.name,
      liked: Boolean(g.liked),
      hasChildren: Boolean(g.has_children),
      tags: groupTags[i]!.map((tag) => tag.text),
    })),
  };
}

const Intents = intentsOf(['create', 'rename', 'delete', 'like', 'unlike', 'uploadIcon', 'deleteIcon']);

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const posted = await readIconForm(request, context);
  const { formData } = posted;
  const { intent } = intentOf(formData, Intents);
  const id = String(formData.get('id') ?? '');
  if (intent === 'uploadIcon') return iconUploadAction(context, posted, HERE);
  if (intent === 'deleteIcon') return iconDeleteAction(context, formData, HERE);
  if (intent === 'delete') {
    return confirmedListAction(formData, HERE, () => deleteGroup(context.service, id), {
      key: 'content:pool.deleted',
      values: { name: String(formData.get('name') ?? '') },
    });
  }
  if (intent === 'like' || intent === 'unlike') {
    return listAction(HERE, () => likeGroup(context.service, id, intent === 'like'), { key: intent === 'like' ? 'content:pool.liked' : 'content:pool.unliked' });
  }
  if (intent === 'rename') {
    const done = await submitForm(context, formData, `rename-${id}`, GroupRenameForm, (input) => renameGroup(context.service, input.id, input.name));
    if (!done.ok) return done.answer;
    return redirectWithToast(HERE, { type: 'success', key: 'content:pool.renamed' });
  }
  const done = await submitForm(context, formData, 'create', GroupCreateForm, ({ name }) => createGroup(context.service, { name }));
  if (!done.ok) return done.answer;
  return redirectWithToast(HERE, { type: 'success', key: 'content:pool.created', values: { name: done.value.name } });
}

function RenameGroup({ group }: { group: { id: string; name: string } }) {
  const { t } = useTranslation('content');
  const answer = useActionData<typeof action>();
  const [form, fields] = useRouteForm(GroupRenameForm, { id: `rename-${group.id}`, answer, defaultValue: { name: group.name } });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="id" value={group.id} />
      <TextField field={fields.name} label={t('pool.renameLabel', { name: group.name })} className="min-w-48 flex-1" />
      <button type="submit" className={`${buttonClassName('transparent')} !px-3 !py-1.5 text-sm`}>
        {t('pool.rename')}
      </button>
    </Form>
  );
}

/** The no-JavaScript confirmation of a delete: an icon of the library, else a group. */
const CONFIRM_TEXTS = {
  deleteIcon: { title: 'personalization:icons.deleteTitle', message: 'personalization:icons.deleteText' },
  delete: { title: 'content:pool.deleteTitle', message: 'content:pool.deleteText' },
};

export default function ContentPool() {
  const { t } = useTranslation('content');
  const { groups, tags, search, tagId, icons } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // a navigation (the redirect after creating) starts the create form anew: the created group's name is not left in it
  const { key: visit } = useLocation();
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <header>
        <h1 className="text-2xl font-semibold">{t('pool.title')}</h1>
        <p className="mt-1 text-gray-700">{t('pool.intro')}</p>
        <p className="mt-2">
          <Link to="/contentpool/pages" className="underline" data-content-pages-link>
            {t('pages:builder.list.link')}
          </Link>
        </p>
      </header>

      <ConfirmAnswer answer={answer} texts={CONFIRM_TEXTS} fallback={CONFIRM_TEXTS.delete} />

      <PageSection id="content-create" title={t('pool.createTitle')}>
        <div className="mt-4">
          <CreateByName key={visit} intent="create" schema={GroupCreateForm} label={t('pool.name')} submit={t('pool.create')} lastResult={resultFor(answer, 'create')} />
        </div>
      </PageSection>

      <PageSection id="content-list" title={t('pool.yours')}>
        <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
          <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-medium">
            {t('pool.search')}
            <input type="search" name="q" defaultValue={search} className="rounded border border-gray-300 px-3 py-2" />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('pool.tag')}
            <select name="tag" defaultValue={tagId} className="rounded border border-gray-300 px-3 py-2">
              <option value="">{t('pool.allTags')}</option>
              {tags.map((tag) => (
                <option key={tag.id} value={tag.id}>
                  {tag.text}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClassName('standardNoMt')}>
            {t('pool.filter')}
          </button>
        </Form>
        {groups.length ? (
          <ul className="mt-6 divide-y divide-gray-200">
            {groups.map((group) => (
              <li key={group.id} className="flex flex-wrap items-start justify-between gap-3 py-4">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {group.liked ? <span aria-label={t('pool.likedMark')}>★ </span> : null}
                    <Link to={`/contentpool/builder/${group.slug}`} className="text-brand-dark underline-offset-2 hover:underline" aria-label={t('pool.editNamed', { name: group.name })}>
                      {group.name}
                    </Link>
                  </p>
                  <p className="text-sm text-gray-600">
                    {group.hasChildren ? t('pool.hasContent') : t('pool.empty')}
                    {group.tags.length ? ` · ${group.tags.join(', ')}` : ''}
                  </p>
                  <RenameGroup group={group} />
                </div>
                <div className="flex items-center gap-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value={group.liked ? 'unlike' : 'like'} />
                    <input type="hidden" name="id" value={group.id} />
                    <button type="submit" aria-pressed={group.liked} className={`${buttonClassName('transparent')} !px-3 !py-1.5 text-sm`}>
                      {group.liked ? t('pool.unlike') : t('pool.like')}
                    </button>
                  </Form>
                  <DeleteObject item={group} keys="pool" ns="content" />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 text-gray-600">{search || tagId ? t('pool.noMatch') : t('pool.none')}</p>
        )}
      </PageSection>

      <IconLibrary icons={icons} answer={answer} />
    </div>
  );
}
