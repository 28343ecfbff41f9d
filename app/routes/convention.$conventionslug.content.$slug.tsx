import type { LoaderFunctionArgs } from '@remix-run/node';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';

export const handle = { i18n: ['common', 'errors', 'validation'], title: 'visitor:infopoint.contentPage' };

/** The convention's access type applies first (spec 001 point 6): a protected convention asks for login or token. */
export const guards = defineGuards({ public: true, permission: { kind: 'convention', param: 'conventionslug' } });

/**
 * /convention/{c}/content/{slug}: content pages do not exist yet in the product (a later issue builds the content
 * pool and its pages). Until then every slug is not found, shown through the convention layout's standard
 * not-found page.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  throw new Response('Not Found', { status: 404 });
}

/** Never rendered (the loader always answers 404); without a component Remix would serve this as a resource route. */
export default function ConventionContentPage() {
  return null;
}
