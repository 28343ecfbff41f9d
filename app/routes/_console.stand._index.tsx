import type { SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CreateByName } from '~/components/conventions/create-by-name';
import { ConfirmDelete, ConfirmStep } from '~/components/events/confirm-delete';
import { NameForm } from '~/components/events/forms';
import { confirmationStep, listAction } from '~/server/route-kit.server';
import { StandPlaceList } from '~/components/stands/hall-places';
import { hallPlacesAction } from '~/server/pages/hall-places.server';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { formAction } from '~/server/forms.server';
import { parseForm } from '~/server/forms-zod.server';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { standPlaces } from '~/server/services/events/hall-stands';
import { nodesByStand } from '~/server/services/events/stand-loaders';
import { createBaseStand, deleteBaseStand, listStands } from '~/server/services/events/stands';
import { redirectWithToast } from '~/server/toast.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'events'], title: 'events:standPages.list.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'event' });

const HERE = '/stand';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const [stands, invitations] = await Promise.all([listStands(context.service), standPlaces(context.service, { invitationsOnly: true })]);
  const nodes = await Promise.all(stands.map((s) => nodesByStand(context.service).load(s.id)));
  return { stands: stands.map((s, i) => ({ id: s.id, slug: s.slug, name: s.name, nodes: nodes[i]!.length })), invitations };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const formData = await readForm(request);
  const t = context.service.t;
  const intent = formData.get('intent');
  const answered = await hallPlacesAction(context, formData, HERE);
  if (answered) return answered;

  if (intent === 'create') {
    const submission = parseForm(context, formData, NameForm);
    if (submission.status !== 'success') return Response.json({ result: submission.reply() }, { status: 400 });
    const result = await formAction(submission, () => createBaseStand(context.service, { name: submission.value.name }), {
      correctFieldsMessage: t('errors:correctFields'),
    });
    if (!result.ok) return Response.json({ result: result.reply }, { status: result.status });
    return redirectWithToast(`/stand/${result.value.slug}`, { type: 'success', key: 'events:stand.created' });
  }

  if (intent === 'delete') {
    const step = confirmationStep(formData);
    if (step) return Response.json(step);
    return listAction(HERE, () => deleteBaseStand(context.service, String(formData.get('id'))), { key: 'events:stand.deleted' });
  }
  throw new Response('Bad Request', { status: 400 });
}

type ActionData = { result?: SubmissionResult<string[]>; confirm?: { intent: string; id: string; name: string } };

export default function Stands() {
  const { t } = useTranslation('events');
  const { stands, invitations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;

  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">{t('standPages.list.title')}</h1>
        <p className="mt-1 text-gray-700">{t('standPages.list.intro')}</p>
      </div>

      {actionData?.confirm ? (
        <ConfirmStep
          confirm={actionData.confirm}
          title={t('standPages.list.deleteTitle')}
          message={t('standPages.list.deleteText', { name: actionData.confirm.name })}
        />
      ) : null}

      {invitations.length ? (
        <section aria-labelledby="stand-invitations-title" className="rounded-lg bg-white p-6 shadow-sm">
          <h2 id="stand-invitations-title" className="text-lg font-semibold">
            {t('standPages.halls.invitations')}
          </h2>
          <p className="mt-1 text-sm text-gray-700">{t('standPages.halls.invitationsIntro')}</p>
          <div className="mt-2">
            <StandPlaceList places={invitations} showStand />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="stand-create-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="stand-create-title" className="text-lg font-semibold">
          {t('standPages.list.create')}
        </h2>
        <div className="mt-4">
          <CreateByName
            intent="create"
            schema={NameForm}
            label={t('standPages.list.name')}
            submit={t('standPages.list.createSubmit')}
            lastResult={actionData?.result}
          />
        </div>
      </section>

      <section aria-labelledby="stand-list-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="stand-list-title" className="text-lg font-semibold">
          {t('standPages.list.yours')}
        </h2>
        {stands.length === 0 ? (
          <p className="mt-2 text-gray-700">{t('standPages.list.empty')}</p>
        ) : (
          <ul className="mt-4 divide-y">
            {stands.map((stand) => (
              <li key={stand.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <Link to={`/stand/${stand.slug}`} className="font-medium text-brand-dark underline-offset-2 hover:underline">
                    {stand.name}
                  </Link>
                  <p className="text-sm text-gray-600">
                    {t('standPages.list.domain', { slug: stand.slug })} · {t('standPages.list.nodes', { count: stand.nodes })}
                  </p>
                </div>
                <ConfirmDelete
                  intent="delete"
                  id={stand.id}
                  name={stand.name}
                  label={t('standPages.list.delete')}
                  ariaLabel={t('standPages.list.deleteNamed', { name: stand.name })}
                  title={t('standPages.list.deleteTitle')}
                  message={t('standPages.list.deleteText', { name: stand.name })}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
