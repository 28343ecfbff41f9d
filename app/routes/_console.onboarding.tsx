import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '~/components/ui/field';
import { FormErrors, PageHeader, PageSection, SubmitButton, useRouteForm } from '~/components/ui/route-form';
import { InviteList } from '~/components/org/invite-list';
import { OrganizationCreateSchema } from '~/lib/schemas/organization';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { intentOf, intentsOf, submitForm } from '~/server/route-kit.server';
import { acceptMyInvite, listMyInvites } from '~/server/services/organizations/invites';
import { createOrganization } from '~/server/services/organizations/organizations';
import { redirectWithToast } from '~/server/toast.server';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { logoutOnly: true, i18n: ['common', 'errors', 'validation', 'org'], title: 'org:onboarding.createTitle' };
export const clientLoader = withNamespaces(handle.i18n);

/** Logged-in users without organisation; one who has one is sent to the dashboard. */
export const guards = defineGuards({});

const CreateForm = OrganizationCreateSchema.extend({ intent: z.literal('create') });
const Intents = intentsOf(['create', 'accept']);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  if (context.viewer?.organization) throw redirect('/');
  const invites = await listMyInvites(context.service);
  return {
    invites: invites.map((i) => ({ id: i.id, organization: i.organization_name ?? '', role: i.role })),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  if (context.viewer?.organization) throw redirect('/');
  const formData = await readForm(request);
  const { intent } = intentOf(formData, Intents);
  if (intent === 'accept') {
    const invite = await acceptMyInvite(context.service, String(formData.get('inviteId') ?? '')).catch(() => null);
    if (!invite) return redirectWithToast('/onboarding', { type: 'error', key: 'org:errors.inviteInvalid' });
    return redirectWithToast('/', { type: 'success', key: 'org:toast.joined', values: { name: invite.organization_name ?? '' } });
  }
  const done = await submitForm(context, formData, 'organization-create', CreateForm, (input) => createOrganization(context.service, input), {
    knownFields: ['name', 'slug'],
  });
  if (!done.ok) return done.answer;
  return redirectWithToast('/', { type: 'success', key: 'org:toast.created', values: { name: done.value.name } });
}

export default function Onboarding() {
  const { t } = useTranslation('org');
  const { invites } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useRouteForm(CreateForm, { id: 'organization-create', answer: actionData });
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <PageHeader title={t('onboarding.title')} intro={t('onboarding.intro')} />
      <PageSection id="create" title={t('onboarding.createTitle')}>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="create" />
          <FormErrors errors={form.errors} />
          <TextField field={fields.name} label={t('onboarding.name')} autoComplete="organization" />
          <TextField field={fields.slug} label={t('onboarding.slug')} description={t('onboarding.slugHint')} />
          <SubmitButton>{t('onboarding.create')}</SubmitButton>
        </Form>
      </PageSection>
      <PageSection id="invites" title={t('onboarding.invitesTitle')}>
        <InviteList invites={invites} empty={t('onboarding.noInvites')} intent="accept" />
      </PageSection>
    </div>
  );
}
