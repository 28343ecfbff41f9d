import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Countdown } from '~/components/appointments/countdown';
import { SlotTime } from '~/components/appointments/slot-time';
import { submitClass } from '~/components/visitor/styles';
import { meetingIcsPath } from '~/lib/appointments/paths';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { meetingAction, meetingPageData } from '~/server/pages/appointments-meeting.server';
import { paramsOf } from '~/server/route-kit.server';

export const handle = { i18n: ['common', 'errors', 'appointments'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.organization.name ?? '' }, { name: 'robots', content: 'noindex, nofollow' }];
export const headers = () => ({ 'X-Robots-Tag': 'noindex, nofollow' });

/** Public: the unguessable meeting slug is the key (spec 000 point 2: /meeting/{meeting}). */
export const guards = defineGuards({ public: true });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return meetingPageData(context, request, paramsOf(params, 'meeting').meeting);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return meetingAction(context, request, paramsOf(params, 'meeting').meeting);
}

export default function MeetingRoute() {
  const meeting = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as { error?: string } | undefined;
  const { t } = useTranslation('appointments');
  return (
    <main id="main" className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-8">
      <header className="space-y-1">
        <p className="text-sm text-gray-700">{meeting.organization.name}</p>
        <h1 className="text-2xl font-semibold">{t('meeting.title', { name: meeting.contactPerson.name })}</h1>
      </header>
      {meeting.state === 'CANCELLED' ? (
        <p role="status" className="rounded-md bg-red-50 p-3 text-[#e2001a]">
          {t('meeting.cancelled')}
        </p>
      ) : null}
      {meeting.state === 'PAST' ? <p className="rounded-md bg-brand-grey p-3">{t('meeting.past')}</p> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-medium">{t('meeting.when')}</dt>
        <dd>
          <SlotTime start={meeting.start} end={meeting.end} timeZone={meeting.timeZone} language={meeting.language} format="dateTime" />
        </dd>
        <dt className="font-medium">{t('meeting.who')}</dt>
        <dd>{meeting.booker ? t('meeting.between', { booker: meeting.booker, name: meeting.contactPerson.name }) : meeting.contactPerson.name}</dd>
      </dl>
      {meeting.state === 'UPCOMING' ? <Countdown start={meeting.start} /> : null}
      {meeting.joinUrl ? (
        <a href={meeting.joinUrl} target="_blank" rel="noopener noreferrer" className={`${submitClass} block text-center`}>
          {t('meeting.join')}
        </a>
      ) : null}
      {meeting.message ? (
        <section aria-labelledby="message-heading" className="rounded-md border p-4">
          <h2 id="message-heading" className="font-semibold">
            {t('meeting.message')}
          </h2>
          <p className="mt-1 whitespace-pre-line">{meeting.message}</p>
        </section>
      ) : null}
      {meeting.state === 'UPCOMING' ? (
        <a href={meetingIcsPath(meeting.slug)} download className="self-start underline">
          {t('meeting.ics')}
        </a>
      ) : null}
      {refused?.error ? (
        <p role="alert" className="text-[#e2001a]">
          {refused.error}
        </p>
      ) : null}
      {meeting.mayCancel ? (
        <Form method="post" className="border-t pt-4">
          <input type="hidden" name="intent" value="cancel" />
          {meeting.token ? <input type="hidden" name="token" value={meeting.token} /> : null}
          <button type="submit" className="rounded-md border border-[#e2001a] px-4 py-2 text-sm font-semibold text-[#e2001a]">
            {t('meeting.cancel')}
          </button>
        </Form>
      ) : null}
    </main>
  );
}
