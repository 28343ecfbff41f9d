import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CreateByNameSection } from '~/components/conventions/create-by-name';
import { ConfirmAnswer } from '~/components/events/builder-sections';
import { DeleteObject, ListPageHeader, ObjectLink, ObjectList, ROW_WITH_ACTIONS } from '~/components/events/list-sections';
import { PageSection } from '~/components/ui/route-form';
import { NameForm } from '~/lib/schemas/event-forms';
import { confirmedListAction, intentOf, intentsOf, submitForm } from '~/server/route-kit.server';
import { StandPlaceList } from '~/components/stands/hall-places';
import { hallPlacesAction } from '~/server/pages/hall-places.server';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { standPlaces } from '~/server/services/events/hall-stands';
import { nodesOf } from '~/server/services/events/relations';
import { createBaseStand, deleteBaseStand, listStands } from '~/server/services/events/stands';
import { redirectWithToast } from '~/server/toast.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'events'], title: 'events:standPages.list.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'event' });

const HERE = '/stand';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const [stands, invitations] = await Promise.all([listStands(context.service), standPlaces(context.service, { invitationsOnly: true })]);
  const nodes = await Promise.all(stands.map((s) => nodesOf(context.service, s)));
  return { stands: stands.map((s, i) => ({ id: s.id, slug: s.slug, name: s.name, nodes: nodes[i]!.length })), invitations };
}

const Intents = intentsOf(['create', 'delete']);

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const formData = await readForm(request);
  const answered = await hallPlacesAction(context, formData, HERE);
  if (answered) return answered;
  const { intent } = intentOf(formData, Intents);
  if (intent === 'delete') {
    return confirmedListAction(formData, HERE, () => deleteBaseStand(context.service, String(formData.get('id'))), { key: 'events:stand.deleted' });
  }
  const done = await submitForm(context, formData, intent, NameForm, ({ name }) => createBaseStand(context.service, { name }));
  if (!done.ok) return done.answer;
  return redirectWithToast(`/stand/${done.value.slug}`, { type: 'success', key: 'events:stand.created' });
}

export default function Stands() {
  const { t } = useTranslation('events');
  const { stands, invitations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <ListPageHeader title={t('standPages.list.title')} intro={t('standPages.list.intro')} />

      <ConfirmAnswer answer={actionData} texts={{}} fallback={{ title: 'standPages.list.deleteTitle', message: 'standPages.list.deleteText' }} />

      {invitations.length ? (
        <PageSection id="stand-invitations" title={t('standPages.halls.invitations')} intro={t('standPages.halls.invitationsIntro')}>
          <div className="mt-2">
            <StandPlaceList places={invitations} showStand />
          </div>
        </PageSection>
      ) : null}

      <CreateByNameSection id="stand-create" title={t('standPages.list.create')} intent="create" schema={NameForm} lastResult={actionData?.result}
        label={t('standPages.list.name')} submit={t('standPages.list.createSubmit')} />

      <PageSection id="stand-list" title={t('standPages.list.yours')}>
        <ObjectList items={stands} empty={t('standPages.list.empty')} row={ROW_WITH_ACTIONS}>
          {(stand) => (
            <>
              <div>
                <ObjectLink to={`/stand/${stand.slug}`}>{stand.name}</ObjectLink>
                <p className="text-sm text-gray-600">
                  {t('standPages.list.domain', { slug: stand.slug })} · {t('standPages.list.nodes', { count: stand.nodes })}
                </p>
              </div>
              <DeleteObject item={stand} keys="standPages.list" />
            </>
          )}
        </ObjectList>
      </PageSection>
    </div>
  );
}
