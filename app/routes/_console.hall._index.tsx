import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CreateByNameSection } from '~/components/conventions/create-by-name';
import { ConfirmAnswer } from '~/components/events/builder-sections';
import { DeleteObject, ListPageHeader, ObjectLink, ObjectList, ROW_WITH_ACTIONS } from '~/components/events/list-sections';
import { PageSection } from '~/components/ui/route-form';
import { NameForm } from '~/lib/schemas/event-forms';
import { confirmedListAction, intentOf, intentsOf, submitForm } from '~/server/route-kit.server';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { hallStandsOf } from '~/server/services/events/hall-stands';
import { createHall, deleteHall, listHalls } from '~/server/services/events/halls';
import { redirectWithToast } from '~/server/toast.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'events'], title: 'events:hallPages.list.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'event' });

const HERE = '/hall';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const halls = await listHalls(context.service);
  const stands = await Promise.all(halls.map((h) => hallStandsOf(context.service, h)));
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

const Intents = intentsOf(['create', 'delete']);

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const formData = await readForm(request);
  const { intent } = intentOf(formData, Intents);
  if (intent === 'delete') {
    return confirmedListAction(formData, HERE, () => deleteHall(context.service, String(formData.get('id'))), { key: 'events:hall.deleted' });
  }
  const done = await submitForm(context, formData, intent, NameForm, ({ name }) => createHall(context.service, { name }));
  if (!done.ok) return done.answer;
  return redirectWithToast(`/hall/builder/${done.value.slug}`, { type: 'success', key: 'events:hall.created' });
}

export default function Halls() {
  const { t } = useTranslation('events');
  const { halls } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <ListPageHeader title={t('hallPages.list.title')} intro={t('hallPages.list.intro')} />

      <ConfirmAnswer answer={actionData} texts={{}} fallback={{ title: 'hallPages.list.deleteTitle', message: 'hallPages.list.deleteText' }} />

      <CreateByNameSection id="hall-create" title={t('hallPages.list.create')} intent="create" schema={NameForm} lastResult={actionData?.result}
        label={t('hallPages.list.name')} submit={t('hallPages.list.createSubmit')} />

      <PageSection id="hall-list" title={t('hallPages.list.yours')}>
        <ObjectList items={halls} empty={t('hallPages.list.empty')} row={ROW_WITH_ACTIONS}>
          {(hall) => (
            <>
              <div>
                <ObjectLink to={`/hall/builder/${hall.slug}`}>{hall.name}</ObjectLink>
                <p className="text-sm text-gray-600">
                  {t('hallPages.list.stands', { count: hall.stands })}
                  {hall.pending ? ` · ${t('hallPages.list.pending', { count: hall.pending })}` : ''}
                </p>
              </div>
              <DeleteObject item={hall} keys="hallPages.list" />
            </>
          )}
        </ObjectList>
      </PageSection>
    </div>
  );
}
