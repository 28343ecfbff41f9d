import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Outlet, useActionData, useLoaderData, useRouteError } from '@remix-run/react';
import { isBusinessCardComplete, saveBusinessCard } from '~/server/pages/business-card.server';
import { saveAvatar } from '~/server/pages/avatar.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LazyPageArticle } from '~/components/content-pages/lazy-page-article';
import { ConventionInactive } from '~/components/visitor/convention-inactive';
import { ConventionShell, type ShellDialog, type VisitorCard } from '~/components/visitor/convention-shell';
import { defineGuards } from '~/lib/guards';
import { runGuards, safeNext } from '~/server/guards.server';
import { runShopGuards } from '~/server/pages/shop.server';
import { readPostedForm } from '~/server/posted-form.server';
import type { RequestContext } from '~/server/request-context.server';
import { addressOfUser, addressOfUserWithCount, me } from '~/server/services/accounts';
import { fileUrl } from '~/server/services/files/files.server';
import { conventionVisit } from '~/server/services/events/visit';
import { cartCountQuery } from '~/server/services/shop';
import { listCountryCodes } from '~/server/services/i18n/languages';
import { redirectWithToast } from '~/server/toast.server';
import { paramsOf } from '~/server/route-kit.server';

import { visitorHandle } from '~/components/visitor/route-handles';
import { withNamespaces } from '~/lib/i18n-namespaces';

/**
 * Its pages show the chat widget (issue 28; a deeper route may say `chat: false`); the business card's avatar upload
 * speaks the contact page's texts (auth).
 */
export const handle = { ...visitorHandle, i18n: [...visitorHandle.i18n, 'auth'], chat: true };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.convention?.title ?? '' }];

/** Visitors may be logged out; the convention's access type decides (spec 001 point 6). */
export const guards = defineGuards({ public: true, permission: { kind: 'convention', param: 'conventionslug' } });

const DIALOGS: ShellDialog[] = ['welcome', 'card', 'login'];

export async function loader(args: LoaderFunctionArgs): Promise<LayoutData & { shopDenied?: true }> {
  // a shop page tells a visitor without access to ask the host instead of sending them to /token (issue 31): the
  // notice shows alone, nothing of the convention is loaded or sent
  const { shopDenied } = await runShopGuards(args, guards);
  if (shopDenied) return { shopDenied: true } as LayoutData & { shopDenied: true };
  return layoutData(args);
}

type LayoutData = Awaited<ReturnType<typeof layoutData>>;

async function layoutData({ request, context, params }: LoaderFunctionArgs) {
  const ctx = context.service;
  const { conventionslug } = paramsOf(params, 'conventionslug');
  const convention = await conventionVisit(ctx, conventionslug, context.language);
  const viewer = context.viewer;
  // the business card and the cart button's count (issue 31; part of the viewer's audience, pages/audience.server.ts)
  // in one statement
  const { address, count: cart } = viewer
    ? await addressOfUserWithCount(ctx, viewer.userId, convention.shop ? cartCountQuery(ctx, viewer.userId, convention.id) : null)
    : { address: null, count: 0 };
  const requested = new URL(request.url).searchParams.get('dialog') as ShellDialog;
  const initialDialog = DIALOGS.includes(requested) ? requested : null;
  // a business card is required where the organiser wants to know who comes: conventions that are not public
  const cardRequired = convention.permissionType !== 'PUBLIC' && Boolean(convention.navigation);
  const cardComplete = isBusinessCardComplete(address);
  // the card (name, e-mail, address, the countries to choose from) is sent only when its dialog shows: the page is
  // then this visitor's own; every other page of the convention is the same for all visitors of one audience
  // (visitor-cache.server.ts), which is what lets a fair's opening crowd be served from the shelf (issue 26)
  const showsCard = Boolean(viewer) && (initialDialog === 'card' || (cardRequired && !cardComplete));
  if (showsCard) context.personal?.();
  const avatarUrl = showsCard ? await avatarUrlOf(context) : null;
  return {
    convention,
    language: context.language,
    cardRequired,
    initialDialog,
    viewer: viewer ? { cardComplete, card: showsCard ? cardOf(viewer, address, avatarUrl) : null } : null,
    countries: showsCard ? countriesOf(context) : [],
    cartCount: cart,
  };
}

/** The viewer's own picture for the business card's avatar upload. */
async function avatarUrlOf(context: RequestContext): Promise<string | null> {
  const profile = await me(context.service);
  return profile?.avatar_id ? fileUrl({ id: profile.avatar_id }) : null;
}

/** The business card as its form shows it: the viewer's name, e-mail and picture, the address fields. */
function cardOf(viewer: NonNullable<RequestContext['viewer']>, address: Awaited<ReturnType<typeof addressOfUser>>, avatarUrl: string | null): VisitorCard {
  return {
    avatarUrl,
    name: `${viewer.firstName} ${viewer.lastName}`.trim() || viewer.email,
    email: viewer.email,
    firstName: viewer.firstName,
    lastName: viewer.lastName,
    companyName: address?.companyName ?? '',
    streetAddress1: address?.streetAddress1 ?? '',
    houseNo: address?.houseNo ?? '',
    postalCode: address?.postalCode ?? '',
    city: address?.city ?? '',
    country: address?.country.code ?? 'DE',
    phone: address?.phone ?? '',
  };
}

const countriesOf = (context: RequestContext) => listCountryCodes(context.service).map((c) => ({ code: c.code, name: c.name }));

export type ConventionLayoutData = Awaited<ReturnType<typeof loader>>;

/**
 * The business-card modal posts here (from any page of the convention) and returns to `redirectTo`: the address, and
 * the avatar as the contact page takes it (`avatar-file` without JavaScript, `avatar` once cropped and uploaded).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  if (!context.viewer) throw new Response('Unauthorized', { status: 401 });
  const posted = await readPostedForm(request, context, ['avatar-file']);
  const { formData } = posted;
  const intent = formData.get('intent');
  const back = safeNext(formData.get('redirectTo')?.toString(), `/convention/${params.conventionslug}`);
  if (intent === 'avatar-file' || intent === 'avatar') return saveAvatar(context, posted, intent, back);
  if (intent !== 'address') throw new Response('Bad Request', { status: 400 });
  const saved = await saveBusinessCard(context, formData);
  if (!saved.ok) {
    // the form comes back with its mistakes: the card and the countries, since the page itself leaves them out
    const card = cardOf(context.viewer, await addressOfUser(context.service, context.viewer.userId), await avatarUrlOf(context));
    return Response.json({ cardResult: saved.result, card, countries: countriesOf(context) }, { status: saved.status });
  }
  return redirectWithToast(back, { type: 'success', key: saved.toastKey });
}

export default function ConventionLayout() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<{ cardResult?: unknown; card?: VisitorCard; countries?: { code: string; name: string }[] }>();
  if (data.shopDenied) {
    // "Shop: no authorisation" with the host's contact, without the convention it does not show (issue 31)
    return (
      <main id="main" tabIndex={-1} className="min-h-screen bg-brand-grey p-4 outline-none lg:p-8">
        <Outlet />
      </main>
    );
  }
  const { convention } = data;
  return (
    <ConventionShell
      convention={convention}
      viewer={data.viewer && { ...data.viewer, card: actionData?.card ?? data.viewer.card }}
      cardRequired={data.cardRequired}
      initialDialog={actionData?.cardResult ? 'card' : data.initialDialog}
      language={data.language}
      countries={actionData?.countries ?? data.countries}
      cardResult={actionData?.cardResult}
      cartCount={data.cartCount}
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
