import type { RequestContext } from '~/server/request-context.server';
import {
  addObjectPermission,
  createObjectToken,
  deleteObjectToken,
  listObjectPermissions,
  objectTokensOf,
  removeObjectPermission,
  suspendObjectPermission,
  KINDS,
  type KeyedKind,
} from '~/server/services/access/index';
import { redirectWithToast } from '~/server/toast.server';
import { PermissionAddForm, TokenForm } from '~/lib/schemas/access-forms';
import { confirmedListAction, listAction, submitForm } from '~/server/route-kit.server';

/** The protected object (any keyed kind) whose access a console page manages. */
export interface AccessTarget {
  kind: KeyedKind;
  id: string;
  organization_id: string;
}

/** The access keys and the people with access, as the console's access sections show them. */
export async function accessData(context: RequestContext, target: AccessTarget) {
  const ctx = context.service;
  const [tokens, permissions] = await Promise.all([objectTokensOf(ctx, target.kind, target), listObjectPermissions(ctx, target.id)]);
  return {
    tokens: tokens.map((tk) => ({ id: tk.id, token: tk.token, limit: tk.limit, signedUp: tk.signed_up })),
    permissions: permissions.map((p) => ({
      id: p.id,
      name: [p.first_name, p.last_name].filter(Boolean).join(' ') || p.email,
      email: p.email,
      token: p.token,
      suspended: p.suspended,
    })),
  };
}

/**
 * The actions of the access sections (create and delete keys; add, suspend, reactivate and remove people), for
 * the page at `here`. Returns null for any other intent, so the page handles its own forms.
 */
export async function accessAction(context: RequestContext, formData: FormData, target: AccessTarget, here: string) {
  const ctx = context.service;
  const intent = String(formData.get('intent') ?? '');
  const id = String(formData.get('id') ?? '');

  switch (intent) {
    case 'createToken': {
      const done = await submitForm(context, formData, intent, TokenForm, ({ token, limit }) =>
        createObjectToken(ctx, { [KINDS[target.kind].tokenField]: target.id, token, limit }),
      );
      if (!done.ok) return done.answer;
      return redirectWithToast(here, { type: 'success', key: 'access:tokens.toast.created', values: { token: done.value.token } });
    }
    case 'addPermission': {
      const done = await submitForm(context, formData, intent, PermissionAddForm, ({ email }) => addObjectPermission(ctx, target.id, email));
      if (!done.ok) return done.answer;
      return redirectWithToast(here, { type: 'success', key: 'access:permissions.toast.added', values: { email: done.value.email } });
    }
    case 'suspendPermission':
      return listAction(here, () => suspendObjectPermission(ctx, id, true), { key: 'access:permissions.toast.suspended' });
    case 'reactivatePermission':
      return listAction(here, () => suspendObjectPermission(ctx, id, false), { key: 'access:permissions.toast.reactivated' });
    case 'deleteToken':
      return confirmedListAction(formData, here, () => deleteObjectToken(ctx, id), { key: 'access:tokens.toast.deleted' });
    case 'removePermission':
      return confirmedListAction(formData, here, () => removeObjectPermission(ctx, id), { key: 'access:permissions.toast.removed' });
  }
  return null;
}
