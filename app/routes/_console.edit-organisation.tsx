import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Select } from '~/components/ui/select';
import { TextArea, TextField } from '~/components/ui/field';
import { TableHead } from '~/components/ui/table';
import { FormErrors, PageSection, RowActionForm, SubmitButton, useRouteForm } from '~/components/ui/route-form';
import { formatDate } from '~/lib/format';
import { InviteSchema, OrganizationUpdateSchema } from '~/lib/schemas/organization';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { intentOf, intentsOf, listAction, submitForm } from '~/server/route-kit.server';
import { isCurrentMember } from '~/server/services/access/membership';
import { listCountryCodes } from '~/server/services/i18n/languages';
import { cancelInvite, inviteUser, listOrganizationInvites } from '~/server/services/organizations/invites';
import { listMembers, removeMember, setMemberRole } from '~/server/services/organizations/members';
import { organizationBySlug, updateOrganization } from '~/server/services/organizations/organizations';
import { redirectWithToast } from '~/server/toast.server';
import { useRootData } from '~/components/root-data';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'errors', 'validation', 'org'], title: 'org:edit.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'userManagement' });

const ProfileForm = OrganizationUpdateSchema.extend({ intent: z.literal('update'), name: z.string().trim().min(2).max(255) });
const InviteForm = InviteSchema.extend({ intent: z.literal('invite') });
const MemberAction = z.object({
  intent: z.enum(['remove', 'makeSales', 'makeAdmin', 'cancelInvite']),
  id: z.string().uuid(),
  name: z.string().optional(),
});
const Intents = intentsOf(['update', 'invite', 'remove', 'makeSales', 'makeAdmin', 'cancelInvite']);
const BACK = '/edit-organisation';
/** the row buttons of the members and invites lists */
const SMALL = '!px-3 !py-1.5 text-sm';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const viewer = context.viewer!;
  const isAdmin = isCurrentMember(viewer, viewer.organization?.id, 'admin');
  const [organization, members, invites] = await Promise.all([
    organizationBySlug(context.service, viewer.organization!.slug),
    listMembers(context.service),
    isAdmin ? listOrganizationInvites(context.service) : Promise.resolve([]),
  ]);
  return {
    isAdmin,
    viewerId: viewer.userId,
    countries: listCountryCodes(context.service).map((c) => ({ id: c.code, label: c.name })),
    organization: {
      id: organization.id,
      name: organization.name,
      email: organization.email ?? '',
      phone: organization.phone,
      streetAddress: organization.street_address,
      houseNo: organization.house_no,
      postalCode: organization.postal_code,
      city: organization.city,
      country: organization.country,
      supportUrl: organization.support_url,
      homepageUrl: organization.homepage_url,
      dataPrivacy: organization.data_privacy,
      dataPrivacyUrl: organization.data_privacy_url,
      imprint: organization.imprint,
    },
    members: members.map((m) => ({
      id: m.user_id,
      name: `${m.first_name} ${m.last_name}`.trim() || m.email,
      email: m.email,
      role: m.role,
      isOwner: m.is_owner,
    })),
    invites: invites.map((i) => ({ id: i.id, email: i.email, role: i.role, state: i.state, expires: String(i.expires_at) })),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const formData = await readForm(request);
  const { intent } = intentOf(formData, Intents);

  if (intent === 'update') {
    const done = await submitForm(context, formData, 'profile', ProfileForm, ({ intent: _intent, ...input }) =>
      updateOrganization(context.service, context.viewer!.organization!.id, input),
    );
    if (!done.ok) return done.answer;
    return redirectWithToast(BACK, { type: 'success', key: 'org:toast.updated' });
  }

  if (intent === 'invite') {
    const done = await submitForm(context, formData, 'invite', InviteForm, (input) => inviteUser(context.service, input));
    if (!done.ok) return done.answer;
    return redirectWithToast(BACK, { type: 'success', key: 'org:toast.invited', values: { email: done.value.email } });
  }

  const member = intentOf(formData, MemberAction);
  const { id, name = '' } = member;
  if (member.intent === 'cancelInvite') return listAction(BACK, () => cancelInvite(context.service, id), { key: 'org:toast.inviteCancelled' });
  if (member.intent === 'remove') return listAction(BACK, () => removeMember(context.service, id), { key: 'org:toast.memberRemoved', values: { name } });
  const role = member.intent === 'makeSales' ? 'sales' : 'admin';
  return listAction(BACK, () => setMemberRole(context.service, id, role), { key: 'org:toast.roleChanged', values: { name } });
}

export default function EditOrganisation() {
  const { t, i18n } = useTranslation('org');
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const root = useRootData();
  const { organization: org, isAdmin } = data;

  const [profile, fields] = useRouteForm(ProfileForm, {
    id: 'organization-profile',
    form: 'profile',
    answer: actionData,
    defaultValue: { ...org, intent: 'update' as const },
  });
  const [invite, inviteFields] = useRouteForm(InviteForm, { id: 'organization-invite', form: 'invite', answer: actionData });
  const language = root?.language ?? 'EN';
  const roleOptions = [
    { id: 'admin', label: t('roles.admin') },
    { id: 'sales', label: t('roles.sales') },
  ];

  return (
    <div className="mx-auto max-w-4xl space-y-8" lang={i18n.language}>
      <h1 className="text-2xl font-semibold">{t('edit.title')}</h1>

      <PageSection id="profile" title={t('edit.profile')}>
        {!isAdmin ? <p className="mt-2 text-sm text-gray-700">{t('edit.readOnly')}</p> : null}
        <Form method="post" {...getFormProps(profile)} className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="update" />
          <FormErrors errors={profile.errors} className="sm:col-span-2" />
          <TextField field={fields.name} label={t('edit.name')} isDisabled={!isAdmin} className="sm:col-span-2" />
          <TextField field={fields.email} type="email" label={t('edit.email')} isDisabled={!isAdmin} />
          <TextField field={fields.phone} type="tel" label={t('edit.phone')} isDisabled={!isAdmin} autoComplete="tel" />
          <TextField field={fields.streetAddress} label={t('edit.streetAddress')} isDisabled={!isAdmin} />
          <TextField field={fields.houseNo} label={t('edit.houseNo')} isDisabled={!isAdmin} />
          <TextField field={fields.postalCode} label={t('edit.postalCode')} isDisabled={!isAdmin} />
          <TextField field={fields.city} label={t('edit.city')} isDisabled={!isAdmin} />
          <Select field={fields.country} label={t('edit.country')} options={data.countries} isDisabled={!isAdmin} />
          <TextField field={fields.homepageUrl} type="url" label={t('edit.homepageUrl')} isDisabled={!isAdmin} />
          <TextField field={fields.supportUrl} type="url" label={t('edit.supportUrl')} isDisabled={!isAdmin} />
          <TextField field={fields.dataPrivacyUrl} type="url" label={t('edit.dataPrivacyUrl')} isDisabled={!isAdmin} />
          <TextArea field={fields.dataPrivacy} label={t('edit.dataPrivacy')} isDisabled={!isAdmin} className="sm:col-span-2" />
          <TextArea field={fields.imprint} label={t('edit.imprint')} isDisabled={!isAdmin} className="sm:col-span-2" />
          {isAdmin ? (
            <div className="sm:col-span-2">
              <SubmitButton>{t('edit.save')}</SubmitButton>
            </div>
          ) : null}
        </Form>
      </PageSection>

      <PageSection id="members" title={t('edit.members')}>
        <table className="mt-4 w-full text-left text-sm">
          <TableHead columns={[t('edit.member'), t('edit.role'), ...(isAdmin ? [t('edit.actions')] : [])]} cellClassName="py-2" />
          <tbody>
            {data.members.map((m) => (
              <tr key={m.id} className="border-b last:border-0">
                <td className="py-2">
                  <span className="font-medium">{m.name}</span> {m.id === data.viewerId ? t('edit.you') : null}
                  <span className="block text-gray-600">{m.email}</span>
                </td>
                <td className="py-2">{m.isOwner ? t('roles.owner') : t(`roles.${m.role}`)}</td>
                {isAdmin ? (
                  <td className="py-2">
                    {m.isOwner ? null : (
                      <div className="flex flex-wrap gap-2">
                        <RowActionForm intent={m.role === 'sales' ? 'makeAdmin' : 'makeSales'} id={m.id} name={m.name} variant="outline" className={SMALL}>
                          {m.role === 'sales' ? t('edit.makeAdmin') : t('edit.makeSales')}
                        </RowActionForm>
                        <RowActionForm
                          intent="remove"
                          id={m.id}
                          name={m.name}
                          confirmText={t('edit.removeConfirm', { name: m.name })}
                          variant="transparent"
                          className={`${SMALL} text-brand-red`}
                        >
                          {t('edit.remove')}
                        </RowActionForm>
                      </div>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </PageSection>

      {isAdmin ? (
        <PageSection id="invite" title={t('edit.invite')}>
          <Form method="post" {...getFormProps(invite)} className="mt-4 flex flex-wrap items-end gap-4">
            <input type="hidden" name="intent" value="invite" />
            <TextField field={inviteFields.email} type="email" label={t('edit.inviteEmail')} className="min-w-64 flex-1" />
            <Select field={inviteFields.role} label={t('edit.inviteRole')} options={roleOptions} defaultSelectedKey="admin" />
            <SubmitButton>{t('edit.sendInvite')}</SubmitButton>
          </Form>
          <FormErrors errors={invite.errors} className="mt-2" />
          <h3 className="mt-6 font-semibold">{t('edit.pendingInvites')}</h3>
          {data.invites.length === 0 ? (
            <p className="mt-2 text-sm text-gray-700">{t('edit.noPendingInvites')}</p>
          ) : (
            <ul className="mt-2 divide-y">
              {data.invites.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span>
                    <span className="font-medium">{i.email}</span> · {t(`roles.${i.role}`)} · {t(`edit.inviteState.${i.state}`)} ·{' '}
                    {t('edit.expires', { date: formatDate(i.expires, language) })}
                  </span>
                  <RowActionForm intent="cancelInvite" id={i.id} variant="transparent" className={`${SMALL} text-brand-red`}>
                    {t('edit.cancelInvite')}
                  </RowActionForm>
                </li>
              ))}
            </ul>
          )}
        </PageSection>
      ) : null}
    </div>
  );
}
