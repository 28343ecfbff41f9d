import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { InviteList } from '~/components/org/invite-list';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { listAction } from '~/server/route-kit.server';
import { isDomainError } from '~/server/services/errors';
import { acceptInvitation, acceptMyInvite, listMyInvites, openInvite } from '~/server/services/organizations/invites';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'errors', 'org'], title: 'org:invites.title' };
export const clientLoader = withNamespaces(handle.i18n);

/**
 * The invite mail's link lands here (`?email=&token=`). Logged-out invitees are sent to login first (and can
 * register from there); the page then offers to join. Without a link it lists the viewer's own invites.
 */
export const guards = defineGuards({});

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const url = new URL(request.url);
  const email = url.searchParams.get('email');
  const token = url.searchParams.get('token');
  let linked: { email: string; token: string; organization: string; role: string } | null = null;
  let linkError: string | null = null;
  if (email && token) {
    try {
      const invite = await openInvite(context.service, email, token);
      linked = { email: invite.email, token, organization: invite.organization_name ?? '', role: invite.role };
    } catch (error) {
      if (!isDomainError(error)) throw error;
      linkError = error.message;
    }
  }
  const mine = await listMyInvites(context.service);
  return {
    me: context.viewer!.email,
    linked,
    linkError,
    invites: mine.map((i) => ({ id: i.id, organization: i.organization_name ?? '', role: i.role })),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const form = await readForm(request);
  const token = form.get('token');
  const accept = () =>
    token
      ? acceptInvitation(context.service, String(form.get('email') ?? ''), String(token))
      : acceptMyInvite(context.service, String(form.get('inviteId') ?? ''));
  return listAction('/invites', accept, (invite) => ({ key: 'org:toast.joined', values: { name: invite.organization_name ?? '' }, to: '/' }));
}

export default function Invites() {
  const { t } = useTranslation('org');
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">{t('invites.title')}</h1>
      {data.linkError ? (
        <p role="alert" className="rounded-md border border-brand-red bg-white p-4 text-brand-red">
          {data.linkError}
        </p>
      ) : null}
      {data.linked ? (
        <section className="rounded-lg bg-white p-6 shadow-sm">
          <p className="font-medium">{data.linked.organization}</p>
          <p className="text-sm text-gray-600">{t('onboarding.invitedAs', { role: t(`roles.${data.linked.role}`) })}</p>
          {data.linked.email.toLowerCase() !== data.me.toLowerCase() ? (
            <p className="mt-2 text-sm text-brand-red">{t('invites.linkFor', { email: data.linked.email, me: data.me })}</p>
          ) : (
            <Form method="post" className="mt-4">
              <input type="hidden" name="email" value={data.linked.email} />
              <input type="hidden" name="token" value={data.linked.token} />
              <Button type="submit">{t('invites.acceptLink', { name: data.linked.organization })}</Button>
            </Form>
          )}
        </section>
      ) : null}
      <section className="rounded-lg bg-white p-6 shadow-sm">
        <p className="text-gray-700">{t('invites.intro', { email: data.me })}</p>
        <InviteList invites={data.invites} empty={t('invites.empty')} />
      </section>
    </div>
  );
}
