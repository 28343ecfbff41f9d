import { getFormProps, type FormMetadata } from '@conform-to/react';
import { Form, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { FormAnswer } from '~/lib/route-kit';
import { useTranslation } from 'react-i18next';
import { NumberField, TextField } from '../ui/field';
import { PermissionAddForm, TokenForm } from '~/lib/schemas/access-forms';
import { DeleteObject } from './list-sections';
import { FormErrors, PageSection, RowActionForm, SubmitButton, useRouteForm } from '../ui/route-form';
import { TableHead } from '../ui/table';

/** Texts of the no-JavaScript confirmation step (ConfirmStep) of the access sections' deletes, by intent. */
export const ACCESS_CONFIRM_TEXTS: Record<string, { title: string; message: string }> = {
  deleteToken: { title: 'access:tokens.deleteTitle', message: 'access:tokens.deleteText' },
  removePermission: { title: 'access:permissions.removeTitle', message: 'access:permissions.removeText' },
};

export interface AccessSectionProps {
  /** the object's access type: keys matter for TOKEN objects */
  permissionType: 'PUBLIC' | 'LOGGED_IN' | 'TOKEN';
  tokens: { id: string; token: string; limit: number; signedUp: number }[];
  permissions: { id: string; name: string; email: string; token: string | null; suspended: boolean }[];
  /** the page action's answer (`useActionData`): its reply shows at `createToken` or `addPermission` if it answered that form */
  answer: FormAnswer | null | undefined;
}

/**
 * The console sections of a convention's, hall's or in-house fair's access: its access keys (with their limits and
 * sign-ups) and the people with access (joined with a key or added by e-mail), who can be suspended, reactivated
 * and removed. Posts to the page's action, which hands these intents to `accessAction`.
 */
export function AccessSection({ permissionType, tokens, permissions, answer }: AccessSectionProps) {
  const { t } = useTranslation('access');
  const busy = useNavigation().state === 'submitting';
  const [tokenForm, tk] = useRouteForm(TokenForm, { id: 'access-token', answer, form: 'createToken', defaultValue: { limit: '100' } });
  const [permissionForm, pf] = useRouteForm(PermissionAddForm, { id: 'access-permission', answer, form: 'addPermission' });

  return (
    <>
      <AccessPart
        id="tokens"
        intro={t(permissionType === 'TOKEN' ? 'tokens.intro' : 'tokens.notToken')}
        columns={['token', 'limit', 'signedUp']}
        rows={tokens}
        form={tokenForm}
        intent="createToken"
        submit={t('tokens.create')}
        fields={
          <>
            <TextField field={tk.token} label={t('tokens.newToken')} description={t('tokens.newTokenHint')} className="min-w-56 flex-1" />
            <NumberField field={tk.limit} label={t('tokens.limit')} step={1} />
          </>
        }
      >
        {(token) => (
          <>
            <td className="py-2 font-mono">{token.token}</td>
            <td className="py-2">{token.limit}</td>
            <td className="py-2">{token.signedUp}</td>
            <td className="py-2 text-right">
              <DeleteObject item={{ id: token.id, name: token.token }} keys="tokens" intent="deleteToken" ns="access" />
            </td>
          </>
        )}
      </AccessPart>

      <AccessPart
        id="permissions"
        intro={t('permissions.intro')}
        columns={['person', 'via', 'status']}
        rows={permissions}
        form={permissionForm}
        intent="addPermission"
        submit={t('permissions.add')}
        fields={<TextField field={pf.email} type="email" label={t('permissions.email')} description={t('permissions.emailHint')} className="min-w-56 flex-1" />}
      >
        {(p) => (
          <>
            <td className="py-2">
              <span className="font-medium">{p.name}</span>
              {p.name !== p.email ? <span className="block text-gray-600">{p.email}</span> : null}
            </td>
            <td className="py-2">{p.token ? <span className="font-mono">{p.token}</span> : t('permissions.addedByOrganiser')}</td>
            <td className="py-2">
              {p.suspended ? <span className="font-medium text-brand-red">{t('permissions.suspended')}</span> : t('permissions.active')}
            </td>
            <td className="py-2">
              <div className="flex flex-wrap justify-end gap-2">
                <RowActionForm
                  intent={p.suspended ? 'reactivatePermission' : 'suspendPermission'}
                  id={p.id}
                  variant="transparent"
                  className="!px-3 !py-1.5 text-sm"
                  isDisabled={busy}
                  aria-label={t(p.suspended ? 'permissions.reactivateNamed' : 'permissions.suspendNamed', { name: p.name })}
                >
                  {t(p.suspended ? 'permissions.reactivate' : 'permissions.suspend')}
                </RowActionForm>
                <DeleteObject item={p} keys="permissions" intent="removePermission" verb="remove" ns="access" />
              </div>
            </td>
          </>
        )}
      </AccessPart>
    </>
  );
}

/**
 * One of the two access sections (`id`: its texts' key and heading id): the table of its rows with their
 * actions (or the sentence for none), then the form adding one.
 */
function AccessPart<T extends { id: string }, S extends Record<string, unknown>>({
  id,
  intro,
  columns,
  rows,
  form,
  intent,
  submit,
  fields,
  children,
}: {
  id: 'tokens' | 'permissions';
  intro: string;
  /** the columns' keys under `id`; the last column holds the row's actions */
  columns: string[];
  rows: readonly T[];
  form: FormMetadata<S, string[]>;
  intent: string;
  submit: string;
  fields: ReactNode;
  children: (row: T) => ReactNode;
}) {
  const { t } = useTranslation('access');
  return (
    <PageSection id={id} title={t(`${id}.heading`)} intro={intro}>
      {rows.length ? (
        <table className="mt-4 w-full text-left text-sm">
          <TableHead columns={[...columns.map((c) => t(`${id}.${c}`)), <span className="sr-only">{t(`${id}.actions`)}</span>]} cellClassName="py-2" />
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b last:border-0">
                {children(row)}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-3 text-sm text-gray-700">{t(`${id}.none`)}</p>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-end gap-4">
        <input type="hidden" name="intent" value={intent} />
        {fields}
        <SubmitButton>{submit}</SubmitButton>
        <FormErrors errors={form.errors} />
      </Form>
    </PageSection>
  );
}
