import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { defineGuards } from '~/lib/guards';
import { refererPath, runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { isDomainError } from '~/server/services/errors';
import { setDefaultOrganization } from '~/server/services/organizations/organizations';
import { destroySession } from '~/server/session.server';
import { redirectWithToast } from '~/server/toast.server';

export const guards = defineGuards({});

/**
 * The top bar's organisation switcher (spec 001 point 7, setDefaultOrganization): on success the message
 * "changed" and a fresh login; PERMISSION_DENIED shows the permission-denied message, anything else the
 * generic error.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const form = await readForm(request);
  const back = refererPath(request);
  try {
    await setDefaultOrganization(context.service, String(form.get('organizationId') ?? ''));
  } catch (error) {
    if (isDomainError(error) && error.code === 'PERMISSION_DENIED') {
      return redirectWithToast(back, { type: 'error', key: 'errors:permissionDenied' });
    }
    if (!isDomainError(error)) console.error(error);
    return redirectWithToast(back, { type: 'error', key: 'errors:generic' });
  }
  const clear = await destroySession(context.app.env, context.app.db, context.sessionId);
  return redirectWithToast('/login', { type: 'success', key: 'org:toast.switched' }, { headers: { 'Set-Cookie': clear } });
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  throw new Response('Not Found', { status: 404 });
}
