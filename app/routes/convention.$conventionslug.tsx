import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Outlet, useActionData, useLoaderData, useRouteError } from '@remix-run/react';
import { isBusinessCardComplete, saveBusinessCard } from '~/server/pages/business-card.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LazyPageArticle } from '~/components/content-pages/lazy-page-article';
import { ConventionInactive } from '~/components/visitor/convention-inactive';
import { ConventionShell, type ShellDialog } from '~/components/visitor/convention-shell';
import { defineGuards } from '~/lib/guards';
import { runGuards, safeNext } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { addressOfUser } from '~/server/services/accounts';
import { conventionVisit } from '~/server/services/events/visit';
import { listCountryCodes } from '~/server/services/i18n/languages';
import { redirectWithToast } from '~/server/toast.server';
import { paramsOf } from '~/server/route-kit.server';

export { visitorHandle as handle, visitorClientLoader as clientLoader } from '~/components/visitor/route-handles';
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.convention.title ?? '' }];

/** Visitors may be logged out; the convention's access type decides (spec 001 point 6). */
export const guards = defineGuards({ public: true, permission: { kind: 'convention', param: 'conventionslug' } });

const DIALOGS: ShellDialog[] = ['welcome', 'card', 'login'];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { conventionslug } = paramsOf(params, 'conventionslug');
  const convention = await conventionVisit(ctx, conventionslug, context.language);
  const viewer = context.viewer;
  const address = viewer ? await addressOfUser(ctx, viewer.userId) : null;
  const requested = new URL(request.url).searchParams.get('dialog') as ShellDialog;
  return {
    convention,
    language: context.language,
    // a business card is required where the organiser wants to know who comes: conventions that are not public
    cardRequired: convention.permissionType !== 'PUBLIC' && Boolean(convention.navigation),
    initialDialog: DIALOGS.includes(requested) ? requested : null,
    viewer: viewer
      ? {
          name: `${viewer.firstName} ${viewer.lastName}`.trim() || viewer.email,
          email: viewer.email,
          cardComplete: isBusinessCardComplete(address),
          card: {
            firstName: viewer.firstName,
            lastName: viewer.lastName,
            companyName: address?.companyName ?? '',
            streetAddress1: address?.streetAddress1 ?? '',
            houseNo: address?.houseNo ?? '',
            postalCode: address?.postalCode ?? '',
            city: address?.city ?? '',
            country: address?.country.code ?? 'DE',
            phone: address?.phone ?? '',
          },
        }
      : null,
    countries: viewer ? listCountryCodes(ctx).map((c) => ({ code: c.code, name: c.name })) : [],
  };
}

export type ConventionLayoutData = Awaited<ReturnType<typeof loader>>;

/** The business-card modal posts here (from any page of the convention) and returns to `redirectTo`. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  if (!context.viewer) throw new Response('Unauthorized', { status: 401 });
  const formData = await readForm(request);
  if (formData.get('intent') !== 'address') throw new Response('Bad Request', { status: 400 });
  const saved = await saveBusinessCard(context, formData);
  if (!saved.ok) return Response.json({ cardResult: saved.result }, { status: saved.status });
  const back = safeNext(formData.get('redirectTo')?.toString(), `/convention/${params.conventionslug}`);
  return redirectWithToast(back, { type: 'success', key: saved.toastKey });
}

export default function ConventionLayout() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<{ cardResult?: unknown }>();
  const { convention } = data;
  return (
    <ConventionShell
      convention={convention}
      viewer={data.viewer}
      cardRequired={data.cardRequired}
      initialDialog={actionData?.cardResult ? 'card' : data.initialDialog}
      language={data.language}
      countries={data.countries}
      cardResult={actionData?.cardResult}
    >
      {convention.navigation ? (
        <Outlet />
      ) : convention.inactivePage ? (
        // an inactive convention's content page (spec 000 point 4), its renderer loaded only then
        <LazyPageArticle page={convention.inactivePage} />
      ) : (
        <ConventionInactive convention={convention} language={data.language} />
      )}
    </ConventionShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} />;
}
