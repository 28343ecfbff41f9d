import { expect, hydrated, necessaryCookiesOnly, test } from './fixtures';

test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

/**
 * Appointments (issue 27): a contact person sets hours in the console, a visitor books on a phone (390×844), the
 * meeting page shows the video link, the visitor cancels from there (the token of the booking) and the slot is free
 * again. The mails of both sides are in the outbox (REQUEST on booking, CANCEL on cancelling).
 */
test('a contact person sets hours, a visitor books on a phone, sees the meeting link and cancels', async ({ page, login, db, browser, baseURL }) => {
  const { userId, organizationIds } = await login({ language: 'EN' });
  await db('users').where({ id: userId }).update({ first_name: 'Anna', last_name: 'Berger' });
  const org = await db('organizations').where({ id: organizationIds[0] }).first('slug');

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
    const times = visitor.getByRole('group', { name: /^Choose a time on / });
    const first = times.getByRole('radio').first();
    // the viewer's zone is named, and the contact person's beside it
    await expect(times.getByText('(America/New_York)').first()).toBeVisible();
    await expect(times.getByText(/for the contact person \(Europe\/Berlin\)/).first()).toBeVisible();
    await first.check();
    const slotId = await first.inputValue();
    await visitor.getByLabel('Name').fill('Eva Muster');
    await visitor.getByLabel('E-mail').fill('eva@example.com');
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

    // the contact person sees the booking in the console
    await page.goto('/appointments');
    await expect(page.locator(`[data-booking="${slotId}"]`)).toContainText('Eva Muster');

    await visitor.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(visitor.getByText('This appointment has been cancelled.')).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Join the video meeting' })).toHaveCount(0);
    expect(await db('appointment_slots').where({ id: slotId }).first('status')).toEqual({ status: 'AVAILABLE' });
    expect((await db('appointment_mails').where({ booking_id: booking.id, method: 'CANCEL' }).pluck('recipient')).sort()).toEqual(['BOOKER', 'CONTACT']);

    // the slot is offered again
    await visitor.goto(bookingUrl);
    await expect(visitor.locator(`input[name="slotId"][value="${slotId}"]`)).toHaveCount(1);
  } finally {
    await phone.close();
  }
});
