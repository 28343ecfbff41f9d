import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { BookingPage, type BookingReply } from '~/components/appointments/booking-page';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { bookingAction, bookingPageData } from '~/server/pages/appointments-booking.server';
import { paramsOf } from '~/server/route-kit.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'appointments'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.person?.name ?? data?.organization.name ?? '' }];

/** Public: one contact person's booking page (issue 27). */
export const guards = defineGuards({ public: true });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { orgslug, person } = paramsOf(params, 'orgslug', 'person');
  return bookingPageData(context, request, orgslug, person);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { orgslug, person } = paramsOf(params, 'orgslug', 'person');
  return bookingAction(context, request, orgslug, person);
}

export default function PersonBookingRoute() {
  return <BookingPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>() as BookingReply | undefined} />;
}
