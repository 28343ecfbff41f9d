import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { NumberField, TextField } from '../ui/field';
import { PermissionAddForm, TokenForm } from './access-forms';
import { ConfirmDelete } from './confirm-delete';
import { useRouteForm } from '../ui/route-form';

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
  /** the form the last action answered (`createToken`, `addPermission`) and its result */
  lastForm?: string;
  lastResult?: SubmissionResult<string[]>;
}

const section = 'rounded-lg bg-white p-6 shadow-sm';

function FormErrors({ errors }: { errors?: string[] }) {
  return errors?.length ? (
    <p role="alert" className="text-sm text-brand-red">
      {errors.join(' ')}
    </p>
  ) : null;
}

/**
 * The console sections of a convention's, hall's or in-house fair's access: its access keys (with their limits and
 * sign-ups) and the people with access (joined with a key or added by e-mail), who can be suspended, reactivated
 * and removed. Posts to the page's action, which hands these intents to `accessAction`.
 */
export function AccessSection({ permissionType, tokens, permissions, lastForm, lastResult }: AccessSectionProps) {
  const { t } = useTranslation('access');
  const busy = useNavigation().state === 'submitting';
  const [tokenForm, tk] = useRouteForm(TokenForm, {
    id: 'access-token',
    lastResult: lastForm === 'createToken' ? lastResult : undefined,
    defaultValue: { limit: '100' },
  });
  const [permissionForm, pf] = useRouteForm(PermissionAddForm, {
    id: 'access-permission',
    lastResult: lastForm === 'addPermission' ? lastResult : undefined,
  });

  return (
    <>
      <section aria-labelledby="tokens-title" className={section}>
        <h2 id="tokens-title" className="text-lg font-semibold">
          {t('tokens.heading')}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{t(permissionType === 'TOKEN' ? 'tokens.intro' : 'tokens.notToken')}</p>
        {tokens.length ? (
          <table className="mt-4 w-full text-left text-sm">
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-2">{t('tokens.token')}</th>
                <th scope="col" className="py-2">{t('tokens.limit')}</th>
                <th scope="col" className="py-2">{t('tokens.signedUp')}</th>
                <th scope="col" className="py-2">
                  <span className="sr-only">{t('tokens.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <tr key={token.id} className="border-b last:border-0">
                  <td className="py-2 font-mono">{token.token}</td>
                  <td className="py-2">{token.limit}</td>
                  <td className="py-2">{token.signedUp}</td>
                  <td className="py-2 text-right">
                    <ConfirmDelete
                      intent="deleteToken"
                      id={token.id}
                      name={token.token}
                      label={t('tokens.delete')}
                      ariaLabel={t('tokens.deleteNamed', { name: token.token })}
                      title={t('tokens.deleteTitle')}
                      message={t('tokens.deleteText', { name: token.token })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-3 text-sm text-gray-700">{t('tokens.none')}</p>
        )}
        <Form method="post" {...getFormProps(tokenForm)} className="mt-4 flex flex-wrap items-end gap-4">
          <input type="hidden" name="intent" value="createToken" />
          <TextField field={tk.token} label={t('tokens.newToken')} description={t('tokens.newTokenHint')} className="min-w-56 flex-1" />
          <NumberField field={tk.limit} label={t('tokens.limit')} step={1} />
          <Button type="submit" isDisabled={busy}>
            {t('tokens.create')}
          </Button>
          <FormErrors errors={tokenForm.errors} />
        </Form>
      </section>

      <section aria-labelledby="permissions-title" className={section}>
        <h2 id="permissions-title" className="text-lg font-semibold">
          {t('permissions.heading')}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{t('permissions.intro')}</p>
        {permissions.length ? (
          <table className="mt-4 w-full text-left text-sm">
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-2">{t('permissions.person')}</th>
                <th scope="col" className="py-2">{t('permissions.via')}</th>
                <th scope="col" className="py-2">{t('permissions.status')}</th>
                <th scope="col" className="py-2">
                  <span className="sr-only">{t('permissions.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {permissions.map((p) => (
                <tr key={p.id} className="border-b last:border-0">
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
                      <Form method="post">
                        <input type="hidden" name="intent" value={p.suspended ? 'reactivatePermission' : 'suspendPermission'} />
                        <input type="hidden" name="id" value={p.id} />
                        <Button
                          type="submit"
                          variant="transparent"
                          className="!px-3 !py-1.5 text-sm"
                          isDisabled={busy}
                          aria-label={t(p.suspended ? 'permissions.reactivateNamed' : 'permissions.suspendNamed', { name: p.name })}
                        >
                          {t(p.suspended ? 'permissions.reactivate' : 'permissions.suspend')}
                        </Button>
                      </Form>
                      <ConfirmDelete
                        intent="removePermission"
                        id={p.id}
                        name={p.name}
                        label={t('permissions.remove')}
                        ariaLabel={t('permissions.removeNamed', { name: p.name })}
                        title={t('permissions.removeTitle')}
                        message={t('permissions.removeText', { name: p.name })}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-3 text-sm text-gray-700">{t('permissions.none')}</p>
        )}
        <Form method="post" {...getFormProps(permissionForm)} className="mt-4 flex flex-wrap items-end gap-4">
          <input type="hidden" name="intent" value="addPermission" />
          <TextField field={pf.email} type="email" label={t('permissions.email')} description={t('permissions.emailHint')} className="min-w-56 flex-1" />
          <Button type="submit" isDisabled={busy}>
            {t('permissions.add')}
          </Button>
          <FormErrors errors={permissionForm.errors} />
        </Form>
      </section>
    </>
  );
}
