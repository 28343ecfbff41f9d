import type { LoaderFunctionArgs } from '@remix-run/node';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { meetingIcs } from '~/server/pages/appointments-meeting.server';
import { paramsOf } from '~/server/route-kit.server';

/** Public resource route: the meeting's .ics (the unguessable meeting slug is the key). */
export const guards = defineGuards({ public: true });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return meetingIcs(context, paramsOf(params, 'meeting').meeting);
}
