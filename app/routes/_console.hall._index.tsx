import type { SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CreateByName } from '~/components/conventions/create-by-name';
import { ConfirmDelete, ConfirmStep } from '~/components/events/confirm-delete';
import { NameForm } from '~/components/events/forms';
import { confirmationStep, listAction } from '~/server/route-kit.server';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { formAction } from '~/server/forms.server';
import { parseForm } from '~/server/forms-zod.server';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { hallStandsByHall } from '~/server/services/events/stand-loaders';
import { createHall, deleteHall, listHalls } from '~/server/services/events/halls';
import { redirectWithToast } from '~/server/toast.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'events'], title: 'events:hallPages.list.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'event' });

const HERE = '/hall';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const halls = await listHalls(context.service);
  const stands = await Promise.all(halls.map((h) => hallStandsByHall(context.service).load(h.id)));
  return {
    halls: halls.map((h, i) => ({
      id: h.id,
      slug: h.slug,
      name: h.name,
      stands: stands[i]!.length,
      pending: stands[i]!.filter((s) => !s.approved).length,
    })),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const formData = await readForm(request);
  const t = context.service.t;
  const intent = formData.get('intent');

  if (intent === 'create') {
    const submission = parseForm(context, formData, NameForm);
    if (submission.status !== 'success') return Response.json({ result: submission.reply() }, { status: 400 });
    const result = await formAction(submission, () => createHall(context.service, { name: submission.value.name }), {
      correctFieldsMessage: t('errors:correctFields'),
    });
    if (!result.ok) return Response.json({ result: result.reply }, { status: result.status });
    return redirectWithToast(`/hall/builder/${result.value.slug}`, { type: 'success', key: 'events:hall.created' });
  }

  if (intent === 'delete') {
    const step = confirmationStep(formData);
    if (step) return Response.json(step);
    return listAction(HERE, () => deleteHall(context.service, String(formData.get('id'))), { key: 'events:hall.deleted' });
  }
  throw new Response('Bad Request', { status: 400 });
}

type ActionData = { result?: SubmissionResult<string[]>; confirm?: { intent: string; id: string; name: string } };

export default function Halls() {
  const { t } = useTranslation('events');
  const { halls } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;

  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">{t('hallPages.list.title')}</h1>
        <p className="mt-1 text-gray-700">{t('hallPages.list.intro')}</p>
      </div>

      {actionData?.confirm ? (
        <ConfirmStep
          confirm={actionData.confirm}
          title={t('hallPages.list.deleteTitle')}
          message={t('hallPages.list.deleteText', { name: actionData.confirm.name })}
        />
      ) : null}

      <section aria-labelledby="hall-create-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="hall-create-title" className="text-lg font-semibold">
          {t('hallPages.list.create')}
        </h2>
        <div className="mt-4">
          <CreateByName
            intent="create"
            schema={NameForm}
            label={t('hallPages.list.name')}
            submit={t('hallPages.list.createSubmit')}
            lastResult={actionData?.result}
          />
        </div>
      </section>

      <section aria-labelledby="hall-list-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="hall-list-title" className="text-lg font-semibold">
          {t('hallPages.list.yours')}
        </h2>
        {halls.length === 0 ? (
          <p className="mt-2 text-gray-700">{t('hallPages.list.empty')}</p>
        ) : (
          <ul className="mt-4 divide-y">
            {halls.map((hall) => (
              <li key={hall.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <Link to={`/hall/builder/${hall.slug}`} className="font-medium text-brand-dark underline-offset-2 hover:underline">
                    {hall.name}
                  </Link>
                  <p className="text-sm text-gray-600">
                    {t('hallPages.list.stands', { count: hall.stands })}
                    {hall.pending ? ` · ${t('hallPages.list.pending', { count: hall.pending })}` : ''}
                  </p>
                </div>
                <ConfirmDelete
                  intent="delete"
                  id={hall.id}
                  name={hall.name}
                  label={t('hallPages.list.delete')}
                  ariaLabel={t('hallPages.list.deleteNamed', { name: hall.name })}
                  title={t('hallPages.list.deleteTitle')}
                  message={t('hallPages.list.deleteText', { name: hall.name })}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
