import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ORGANIZATION_SWITCH_ACTION } from '~/components/layout/organization-switcher';
import { buttonClassName } from '~/components/ui/button';
import { defineGuards } from '~/lib/guards';
import { invariantResponse } from '~/lib/route-kit';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { isCurrentMember } from '~/server/services/access/membership';

export const handle = { i18n: ['common', 'org'], title: 'org:switchOrganisation.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true });

/**
 * Asks before switching the current organisation (spec 001 point 7): switching logs the member out, so they
 * confirm first. Works without JavaScript: the switcher's GET form lands here, the confirm button posts.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const viewer = context.viewer;
  const id = new URL(request.url).searchParams.get('organizationId') ?? '';
  const target = viewer?.organizations.find((o) => o.id === id);
  invariantResponse(viewer && target);
  return {
    target: { id: target.id, name: target.name },
    current: viewer.organization ? viewer.organization.name : null,
    alreadyCurrent: isCurrentMember(viewer, target.id),
  };
}

export default function SwitchOrganisation() {
  const { t } = useTranslation('org');
  const { target, current, alreadyCurrent } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl rounded-lg bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-semibold">{t('switchOrganisation.title')}</h1>
      {alreadyCurrent ? (
        <p className="mt-4 text-gray-700">{t('switchOrganisation.alreadyCurrent', { name: target.name })}</p>
      ) : (
        <>
          <p className="mt-4 text-gray-700">{t('switchOrganisation.question', { from: current ?? '', to: target.name })}</p>
          <p className="mt-2 font-medium text-gray-900">{t('switchOrganisation.logsOut')}</p>
          <Form method="post" action={ORGANIZATION_SWITCH_ACTION} className="mt-6 flex flex-wrap gap-3">
            <input type="hidden" name="organizationId" value={target.id} />
            <button type="submit" className={buttonClassName('darkBlue')}>
              {t('switchOrganisation.confirm')}
            </button>
            <Link to="/" className={buttonClassName('outline')}>
              {t('switchOrganisation.cancel')}
            </Link>
          </Form>
        </>
      )}
      {alreadyCurrent ? (
        <Link to="/" className={`${buttonClassName('outline')} mt-6`}>
          {t('switchOrganisation.cancel')}
        </Link>
      ) : null}
    </div>
  );
}
