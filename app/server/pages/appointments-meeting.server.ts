import { data, redirect } from '@remix-run/node';
import { z } from 'zod';
import { meetingPath } from '~/lib/appointments/paths';
import { invariantResponse } from '~/lib/route-kit';
import type { RequestContext } from '~/server/request-context.server';
import { intentOf, orNotFound } from '~/server/route-kit.server';
import { readForm } from '~/server/posted-form.server';
import { isDomainError } from '~/server/services/errors';
import * as appointments from '~/server/services/appointments';

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token')?.slice(0, 200) || null;

/**
 * /meeting/{meeting}: who, when, the join link or the custom message, the .ics download; cancel with the token of
 * the mail (`?token=`) or as the logged-in booker or contact person. 404 for an unknown meeting.
 */
export async function meetingPageData(context: RequestContext, request: Request, slug: string) {
  const meeting = await orNotFound(appointments.meetingBySlug(context.service, slug));
  invariantResponse(meeting);
  const viewer = context.service.viewer?.userId ?? null;
  const token = tokenOf(request);
  const { slot, contactPerson } = meeting;
  return {
    slug,
    state: meeting.state,
    start: new Date(meeting.start).toISOString(),
    end: new Date(meeting.end).toISOString(),
    timeZone: contactPerson.timeZone,
    contactPerson: { name: contactPerson.name },
    organization: { name: meeting.organization.name },
    booker: meeting.bookerName,
    joinUrl: meeting.state === 'UPCOMING' ? meeting.joinUrl : null,
    message: meeting.state === 'UPCOMING' ? meeting.message : null,
    mayCancel: meeting.state === 'UPCOMING' && Boolean(token || (viewer && (viewer === slot?.booker_user_id || viewer === contactPerson.id))),
    token,
    language: context.language,
  };
}

const CancelForm = z.object({ intent: z.literal('cancel'), token: z.string().max(200).optional() });

/** Cancels the booking; the page then says it is cancelled. A refusal (wrong token, nothing to cancel) stays on the page. */
export async function meetingAction(context: RequestContext, request: Request, slug: string) {
  const formData = await readForm(request);
  const { token } = intentOf(formData, CancelForm);
  try {
    await appointments.cancelBooking(context.service, { meetingSlug: slug, cancelToken: token || undefined });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ error: error.message, code: error.code }, { status: error.code === 'SLOT_NOT_FOUND' ? 404 : 400 });
  }
  return redirect(meetingPath(slug));
}

/** The .ics of a meeting as a download (text/calendar); 404 for an unknown meeting. */
export async function meetingIcs(context: RequestContext, slug: string): Promise<Response> {
  const ics = await orNotFound(appointments.icsForMeeting(context.service, slug));
  invariantResponse(ics);
  return new Response(ics.body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${ics.filename.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
