import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { SlotTime } from '~/components/appointments/slot-time';
import { AvatarField } from '~/components/avatar/avatar-field';
import { meetingIcsPath, meetingPath } from '~/lib/appointments/paths';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { hubAction, hubData } from '~/server/pages/appointments-hub.server';

export const handle = { i18n: ['common', 'errors', 'auth', 'appointments'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? '' }, { name: 'robots', content: 'noindex, nofollow' }];

/** The logged-in visitor's own hub (spec 000 point 1); anonymous visitors go to the login. Personal, never shared-cached. */
export const guards = defineGuards({});

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return hubData(context);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return hubAction(context, request);
}

const section = 'rounded-lg bg-white p-5 shadow-sm';

export default function HubRoute() {
  const hub = useLoaderData<typeof loader>();
  const { t } = useTranslation('appointments');
  return (
    <main id="main" className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-semibold">{t('hub.title', { name: hub.profile.name })}</h1>

      <section aria-labelledby="hub-bookings" className={section}>
        <h2 id="hub-bookings" className="text-lg font-semibold">
          {t('hub.bookings')}
        </h2>
        {hub.bookings.length ? (
          <ul className="mt-3 divide-y">
            {hub.bookings.map((booking) => (
              <li key={booking.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-booking={booking.id}>
                <div className="text-sm">
                  <p className="font-medium">{t('hub.bookingWith', { name: booking.contactPerson, organisation: booking.organization })}</p>
                  <p>
                    <SlotTime start={booking.start} end={booking.end} timeZone={booking.timeZone} language={hub.language} format="dateTime" />
                  </p>
                  {booking.meetingSlug ? (
                    <p className="mt-1 flex gap-4">
                      <Link to={meetingPath(booking.meetingSlug)} className="underline">
                        {t('hub.meeting')}
                      </Link>
                      <a href={meetingIcsPath(booking.meetingSlug)} download className="underline">
                        {t('meeting.ics')}
                      </a>
                    </p>
                  ) : null}
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="id" value={booking.id} />
                  <button type="submit" className="rounded-md border border-[#e2001a] px-3 py-1 text-sm text-[#e2001a]" aria-label={t('hub.cancelNamed', { name: booking.contactPerson })}>
                    {t('meeting.cancel')}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-gray-700">{t('hub.noBookings')}</p>
        )}
      </section>

      <section aria-labelledby="hub-contacts" className={section}>
        <h2 id="hub-contacts" className="text-lg font-semibold">
          {t('hub.contacts')}
        </h2>
        {hub.contacts.length ? (
          <ul className="mt-3 divide-y">
            {hub.contacts.map((contact) => (
              <li key={contact.bookingLink} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                <span>
                  <span className="font-medium">{contact.name}</span> · {contact.organizationName}
                </span>
                <Link to={contact.bookingLink} className="underline" aria-label={t('hub.bookNamed', { name: contact.name })}>
                  {t('hub.book')}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-gray-700">{t('hub.noContacts')}</p>
        )}
      </section>

      <section aria-labelledby="hub-bookmarks" className={section}>
        <h2 id="hub-bookmarks" className="text-lg font-semibold">
          {t('hub.bookmarks')}
        </h2>
        {hub.bookmarks.length ? (
          <ul className="mt-3 divide-y">
            {hub.bookmarks.map((bookmark) => (
              <li key={`${bookmark.kind}-${bookmark.id}`} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm" data-bookmark={bookmark.id}>
                <span>
                  <Link to={bookmark.path} className="font-medium underline">
                    {bookmark.title}
                  </Link>{' '}
                  · {bookmark.organizationName}
                </span>
                <span className="text-gray-700">{t(`hub.bookmarkKind.${bookmark.kind}`)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-gray-700">{t('hub.noBookmarks')}</p>
        )}
      </section>

      <section aria-labelledby="hub-picture" className={section}>
        <h2 id="hub-picture" className="text-lg font-semibold">
          {t('hub.picture')}
        </h2>
        <div className="mt-3">
          <AvatarField url={hub.profile.avatarUrl} name={hub.profile.name} />
        </div>
      </section>
    </main>
  );
}
