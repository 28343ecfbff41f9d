import crypto from 'node:crypto';
import { createAppointmentSettings, createAppointmentSlot } from '../fixtures/factories';
import { mimePart } from '../helpers/mime';
import { expect, hydrated, necessaryCookiesOnly, test } from './fixtures';
import { awaitCalendarMails, icsOf } from './smtp-mailbox';

test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

/**
 * Appointments (issue 27): a contact person sets hours in the console, a visitor books on a phone (390×844), the
 * meeting page shows the video link, the visitor cancels from there (the token of the booking) and the slot is free
 * again. The mails of both sides arrive over real SMTP (the run's sink, smtp-sink.ts) with a valid .ics parsed back
 * here: REQUEST with SEQUENCE 0 on booking, CANCEL with the same UID and SEQUENCE 1 on cancelling. Addresses are this
 * test's own, so tests running beside it do not disturb it.
 */
test('a contact person sets hours, a visitor books on a phone, sees the meeting link and cancels', async ({ page, login, db, browser, baseURL }) => {
  // one user journey across two browsers (about 25 s on an idle machine): more time for the whole, no step waits longer
  test.setTimeout(90_000);
  const { userId, organizationIds } = await login({ language: 'EN' });
  await db('users').where({ id: userId }).update({ first_name: 'Anna', last_name: 'Berger' });
  const org = await db('organizations').where({ id: organizationIds[0] }).first('slug');
  const { email: contactEmail } = await db('users').where({ id: userId }).first('email');
  const visitorEmail = `eva-${crypto.randomBytes(4).toString('hex')}@example.com`;

  await page.goto('/appointments');
  await hydrated(page);
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await page.getByLabel(`From (${day})`).fill('08:00');
    await page.getByLabel(`Until (${day})`).fill('20:00');
  }
  await page.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByText('Your hours are saved and the free slots updated.')).toBeVisible();
  const link = page.getByLabel('Your own booking page');
  await expect(link).toHaveValue(new RegExp(`/book/${org.slug}/${userId}$`));
  const bookingUrl = new URL(await link.inputValue()).pathname;

  // the visitor: another browser, no session, a phone
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB', timezoneId: 'America/New_York', baseURL });
  await necessaryCookiesOnly(phone, baseURL);
  const visitor = await phone.newPage();
  try {
    await visitor.goto(bookingUrl);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Book an appointment with Anna Berger' })).toBeVisible();
    const days = visitor.getByRole('group', { name: 'Choose a day' });
    await expect(days.getByRole('radio').first()).toBeChecked();
    // tomorrow's times (today's first slot may begin while the test runs and would no longer be offered at the end)
    await days.getByRole('radio').nth(1).check();
    await visitor.getByRole('button', { name: 'Show times' }).click();
    await expect(visitor).toHaveURL(/[?&]day=\d{4}-\d{2}-\d{2}/);
    const dayUrl = visitor.url();
    const times = visitor.getByRole('group', { name: /^Choose a time on / });
    const first = times.getByRole('radio').first();
    // the viewer's zone is named, and the contact person's beside it
    await expect(times.getByText('(America/New_York)').first()).toBeVisible();
    await expect(times.getByText(/for the contact person \(Europe\/Berlin\)/).first()).toBeVisible();
    await first.check();
    const slotId = await first.inputValue();
    await visitor.getByLabel('Name').fill('Eva Muster');
    await visitor.getByLabel('E-mail').fill(visitorEmail);
    await visitor.getByLabel('Note (optional)').fill('About your offer');
    await visitor.getByRole('button', { name: 'Book appointment' }).click();

    await expect(visitor).toHaveURL(/\/meeting\/[\w-]+\?token=/);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Appointment with Anna Berger' })).toBeVisible();
    await expect(visitor.getByText('Eva Muster and Anna Berger')).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Join the video meeting' })).toHaveAttribute('href', /^https:\/\//);
    await expect(visitor.getByTestId('countdown')).toContainText('Starts in');
    await expect(visitor.getByRole('link', { name: 'Add to calendar (.ics)' })).toHaveAttribute('href', /\/meeting\/[\w-]+\/ics$/);
    expect(await db('appointment_slots').where({ id: slotId }).first('status', 'booker_name')).toEqual({ status: 'BOOKED', booker_name: 'Eva Muster' });
    const booking = await db('appointment_bookings').where({ slot_id: slotId }).first('id');
    expect((await db('appointment_mails').where({ booking_id: booking.id, method: 'REQUEST' }).pluck('recipient')).sort()).toEqual(['BOOKER', 'CONTACT']);

    // both invitations arrive over SMTP, each with the same event: UID of the meeting, SEQUENCE 0, the slot's UTC times
    const held = await db('appointment_slots').where({ id: slotId }).first('start_at', 'end_at', 'meeting_slug', 'meeting_url');
    const [bookerInvite] = await awaitCalendarMails(visitorEmail, 'REQUEST');
    const [contactInvite] = await awaitCalendarMails(contactEmail, 'REQUEST');
    const invite = icsOf(bookerInvite!);
    expect(invite).toMatchObject({ method: 'REQUEST', sequence: 0, status: 'CONFIRMED' });
    expect(invite.uid.startsWith(`${held.meeting_slug}@`)).toBe(true);
    expect(invite.start.toISOString()).toBe(new Date(held.start_at).toISOString());
    expect(invite.end.toISOString()).toBe(new Date(held.end_at).toISOString());
    expect(icsOf(contactInvite!)).toEqual(invite);
    // the booker's mail carries the meeting link the page shows, and the meeting page
    const bookerText = mimePart(bookerInvite!.raw, 'text/plain');
    expect(bookerText).toContain(held.meeting_url);
    expect(bookerText).toContain(`/meeting/${held.meeting_slug}`);
    await expect(visitor.getByRole('link', { name: 'Join the video meeting' })).toHaveAttribute('href', held.meeting_url);

    // the contact person sees the booking in the console
    await page.goto('/appointments');
    await expect(page.locator(`[data-booking="${slotId}"]`)).toContainText('Eva Muster');

    await visitor.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(visitor.getByText('This appointment has been cancelled.')).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Join the video meeting' })).toHaveCount(0);
    expect(await db('appointment_slots').where({ id: slotId }).first('status')).toEqual({ status: 'AVAILABLE' });
    expect((await db('appointment_mails').where({ booking_id: booking.id, method: 'CANCEL' }).pluck('recipient')).sort()).toEqual(['BOOKER', 'CONTACT']);
    // the cancellations arrive over SMTP: METHOD:CANCEL for the same event (UID), one SEQUENCE later
    for (const address of [visitorEmail, contactEmail]) {
      const [cancelMail] = await awaitCalendarMails(address, 'CANCEL');
      expect(icsOf(cancelMail!)).toEqual({ ...invite, method: 'CANCEL', sequence: 1, status: 'CANCELLED' });
    }

    // the slot is offered again
    await visitor.goto(`${bookingUrl}?day=${new URL(dayUrl).searchParams.get('day')}`);
    await expect(visitor.locator(`input[name="slotId"][value="${slotId}"]`)).toHaveCount(1);
  } finally {
    await phone.close();
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('booking is a plain form; the slower of two visitors is told "already booked" and offered the next free times', async ({ login, db, browser, baseURL }) => {
    const { userId, organizationIds } = await login({ language: 'EN' });
    const organizationId = organizationIds[0]!;
    await db('users').where({ id: userId }).update({ first_name: 'Anna', last_name: 'Berger' });
    const org = await db('organizations').where({ id: organizationId }).first('slug');
    await createAppointmentSettings(db, { organization_id: organizationId, user_id: userId });
    const tomorrow = Math.ceil((Date.now() + 86_400_000) / 3_600_000) * 3_600_000;
    const slots = [];
    for (const hours of [0, 1, 2]) {
      slots.push(await createAppointmentSlot(db, { organization_id: organizationId, user_id: userId, start_at: new Date(tomorrow + hours * 3_600_000), end_at: new Date(tomorrow + hours * 3_600_000 + 1_800_000) }));
    }
    const url = `/book/${org.slug}/${userId}`;

    // two anonymous visitors on phones
    const visitors = [];
    for (let i = 0; i < 2; i += 1) {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: 'en-GB', viewport: { width: 390, height: 844 } });
      await necessaryCookiesOnly(context, baseURL);
      visitors.push(context);
    }
    const [faster, page] = [await visitors[0]!.newPage(), await visitors[1]!.newPage()];
    try {
      await page.goto(url);
      await faster.goto(url);
      for (const [p, name] of [[faster, 'Fritz Fix'], [page, 'Sam Slow']] as const) {
        await p.locator(`input[name="slotId"][value="${slots[0]!.id}"]`).check();
        await p.getByLabel('Name').fill(name);
        await p.getByLabel('E-mail').fill(`${name.split(' ')[0]!.toLowerCase()}@example.com`);
      }
      await faster.getByRole('button', { name: 'Book appointment' }).click();
      await expect(faster).toHaveURL(/\/meeting\/[\w-]+\?token=/);
      await expect(faster.getByText('Fritz Fix and Anna Berger')).toBeVisible();

      await page.getByRole('button', { name: 'Book appointment' }).click();
      await expect(page.getByRole('alert')).toHaveText('This time has just been booked by someone else. Please choose a new date.');
      const next = page.getByRole('group', { name: 'The next free times' }).getByRole('radio');
      await expect(next).toHaveCount(2);
      await expect(page.getByLabel('Name')).toHaveValue('Sam Slow');
      await next.first().check();
      await page.getByRole('button', { name: 'Book appointment' }).click();
      await expect(page).toHaveURL(/\/meeting\/[\w-]+\?token=/);
      expect(await db('appointment_slots').whereIn('id', slots.map((s) => s.id)).orderBy('start_at').pluck('booker_name')).toEqual(['Fritz Fix', 'Sam Slow', null]);
    } finally {
      for (const context of visitors) await context.close();
    }
  });
});
