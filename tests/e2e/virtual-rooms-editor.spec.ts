import sharp from 'sharp';
import { Package } from '../../app/lib/features';
import config from '../../playwright.config';
import { expect, expectAccessible, test, THREE_READY_TIMEOUT } from './fixtures';
import { silentWav } from '../../app/server/seed/room-panoramas';
import { createTestRoom } from './virtual-room-setup';

const uploadDir = process.env.E2E_UPLOAD_DIR ?? `var/e2e-uploads-${Number(process.env.E2E_PORT ?? 3100)}`;

/**
 * The console's room editor (issue 17): a sales rep creates a room, uploads two panoramas (a 16:9 picture is refused
 * with the ratio message), sets the initial view, places a nav point and an info point by clicking into the
 * panorama, records a two-step tour with the microphone (Chromium's fake device) and opens the room as a visitor.
 */
const baseArgs = (config.use?.launchOptions?.args ?? []) as string[];
test.use({
  locale: 'en-GB',
  viewport: { width: 1280, height: 900 },
  permissions: ['microphone', 'clipboard-read', 'clipboard-write'],
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...baseArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});


/** A 2:1 (or any) picture with a gradient, as a real panorama would upload. */
async function picture(width: number, height: number, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

let organizationId: string | null = null;
test.afterEach(async ({ db }) => {
  // the rooms first: their panos keep the organisation's files (on delete restrict)
  if (organizationId) await db('virtual_rooms').where({ organization_id: organizationId }).delete();
});

test('create a room, upload panoramas, set the view, place points, record a tour and open it as a visitor', async ({ login, page, baseURL }) => {
  // three uploads, two recordings and a dozen page posts on a shared machine
  test.slow();
  const { organizationIds } = await login({ suites: Package.BASIC | Package.SALES, language: 'EN' });
  organizationId = organizationIds[0]!;

  // the list: create by name
  await page.goto('/virtual-rooms');
  await expect(page.getByRole('heading', { level: 1, name: 'Virtual rooms' })).toBeVisible();
  await page.getByLabel('Name').fill('E2E Editor Room');
  await page.getByRole('button', { name: 'Create room' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Room E2E Editor Room' })).toBeVisible();
  const slug = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

  // a 16:9 picture is refused with the ratio message; two 2:1 pictures upload with a progress bar
  const upload = page.locator('[data-form="uploadPano"]');
  const uploadFile = async (name: string, buffer: Buffer) => {
    await upload.getByLabel('Name (optional)').fill(name);
    await upload.getByLabel('Panorama picture (2:1)').setInputFiles({ name: `${name}.png`, mimeType: 'image/png', buffer });
    await upload.getByRole('button', { name: 'Upload panorama' }).click();
  };
  await uploadFile('Wide', await picture(640, 360, '#2563eb'));
  await expect(upload.getByRole('alert')).toContainText('Panoramas need an aspect ratio of 2:1; this picture has 640 × 360 pixels.');
  await uploadFile('Lobby', await picture(1024, 512, '#d946ef'));
  await expect(page.locator('[data-pano="Lobby"]')).toBeVisible();
  await expect(upload.getByRole('alert')).toHaveText('');
  await uploadFile('Studio', await picture(1024, 512, '#16a34a'));
  await expect(page.locator('[data-pano="Studio"]')).toBeVisible();

  // the Lobby: its initial view (also the room's start)
  await page.getByRole('link', { name: 'Edit Lobby' }).click();
  const editing = page.getByRole('region', { name: 'Editing Lobby' });
  await expect(editing).toBeVisible();
  const view = editing.locator('[data-initial-view]');
  await view.getByLabel('Azimuth (degrees, -180 … 180)').fill('30');
  await view.getByLabel('Focal length (mm, 18 … 120)').fill('40');
  await expect(view.getByRole('checkbox', { name: 'Also start the room here' })).toBeChecked();
  await view.getByRole('button', { name: 'Set initial view', exact: true }).click();
  await expect(view.locator('[data-current-view]')).toHaveText('Current: azimuth 30°, polar angle 90°, focal length 40 mm');

  // the viewer: look around by keyboard, take its current view as the initial view; a click into it picks a spot
  const stage = editing.locator('[data-room-stage]');
  await expect(stage).toHaveAttribute('data-room-ready', /.+/, { timeout: THREE_READY_TIMEOUT });
  await stage.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('+');
  const [azimuth, , focal] = (await stage.getAttribute('data-view'))!.split(',').map(Number) as [number, number, number];
  const degrees = (radians: number) => String(Math.round(((radians * 180) / Math.PI) * 10) / 10);
  await view.getByRole('button', { name: 'Use the current view' }).click();
  await expect(view.getByLabel('Azimuth (degrees, -180 … 180)')).toHaveValue(degrees(azimuth));
  await expect(view.getByLabel('Focal length (mm, 18 … 120)')).toHaveValue(String(Math.round(focal * 10) / 10));
  await view.getByRole('button', { name: 'Set initial view', exact: true }).click();
  await expect(view.locator('[data-current-view]')).toHaveText(`Current: azimuth ${degrees(azimuth)}°, polar angle 90°, focal length ${Math.round(focal * 10) / 10} mm`);
  const stageBox = (await stage.boundingBox())!;
  await stage.click({ position: { x: stageBox.width / 2, y: stageBox.height / 2 } });
  await expect(editing.getByRole('form', { name: 'Add navigation point' }).getByLabel('Direction (azimuth, degrees, -180 … 180)')).toHaveValue(degrees(azimuth));

  // a nav point to the Studio: a click a quarter into the flat panorama (azimuth 90°, to the left)
  const picker = editing.locator('[data-pano-picker]');
  const box = (await picker.boundingBox())!;
  await picker.click({ position: { x: box.width * 0.25, y: box.height * 0.5 } });
  await expect(editing.getByText(/^Spot chosen: azimuth 90°, elevation 0°$/)).toBeVisible();
  const navForm = editing.getByRole('form', { name: 'Add navigation point' });
  await expect(navForm.getByLabel('Direction (azimuth, degrees, -180 … 180)')).toHaveValue('90');
  await navForm.getByLabel('Destination').selectOption({ label: 'Studio' });
  await navForm.getByRole('button', { name: 'Add navigation point' }).click();
  await expect(editing.locator('[data-points="deleteNav"] li')).toHaveCount(1);
  await expect(editing.locator('[data-points="deleteNav"]')).toContainText('Studio');

  // an info point with an embedded page, above the horizon to the right
  await picker.click({ position: { x: box.width * 0.75, y: box.height * 0.25 } });
  const infoForm = editing.getByRole('form', { name: 'Add info point' });
  await expect(infoForm.getByLabel('Direction (azimuth, degrees, -180 … 180)')).toHaveValue('-90');
  await expect(infoForm.getByLabel('Height (elevation, degrees, -90 … 90)')).toHaveValue('45');
  await infoForm.getByLabel('Title of the embedded page').fill('Datasheet');
  await infoForm.getByLabel('Address of the embedded page (https://…)').fill('https://example.com/datasheet');
  await infoForm.getByRole('button', { name: 'Add info point' }).click();
  await expect(editing.locator('[data-points="deleteInfo"] li')).toHaveCount(1);

  // a two-step tour, each step spoken into the (fake) microphone
  const recordStep = async (title: string, pano: string) => {
    const form = page.locator('[data-step-form="new"]');
    await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await form.getByLabel('Panorama').selectOption({ label: pano });
    await form.getByRole('button', { name: 'Record' }).click();
    await expect(form.getByRole('status').filter({ hasText: 'Recording …' })).toBeVisible();
    await form.getByRole('button', { name: 'Stop recording' }).click();
    await expect(form.getByText(/^Recording ready \(\d+ s\)\.$/)).toBeVisible();
    await expect(form.locator('[data-audio-error]')).toHaveText('');
    await form.getByRole('button', { name: 'Save step' }).click();
    await expect(page.locator(`[data-step="${title}"]`)).toBeVisible();
  };
  await recordStep('Welcome', 'Lobby');
  await recordStep('The studio', 'Studio');
  const tour = page.locator('#room-editor-tour').getByRole('list', { name: 'Tour' });
  await expect(tour.locator('li')).toHaveCount(2);
  await expect(tour.locator('li').first().locator('audio').first()).toHaveAttribute('src', /^\/files\//);
  await expect(tour.locator('li').nth(1).locator('audio').first()).toHaveAttribute('src', /^\/files\//);

  // by keyboard: the studio step moves up, and the new order stays after a reload
  await tour.getByRole('button', { name: 'Move The studio up' }).focus();
  const saved = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith(`/virtual-rooms/${slug}`));
  await page.keyboard.press('Enter');
  await expect(tour.locator('li').first()).toContainText('The studio');
  await expect(page.getByRole('status').filter({ hasText: /The studio.*1/ })).toBeAttached();
  expect((await saved).status()).toBeLessThan(400);
  await page.reload();
  await expect(tour.locator('li').first()).toContainText('The studio');

  // the preview opens the room as visitors see it
  const preview = page.getByRole('link', { name: 'Preview as a visitor' });
  await expect(preview).toHaveAttribute('href', `/virtual-room/${slug}`);
  const visitor = await page.context().newPage();
  const response = await visitor.goto(`${baseURL}/virtual-room/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1, name: 'E2E Editor Room' })).toBeVisible();
  await expect(visitor.getByText('Datasheet').first()).toBeAttached();
  await visitor.close();
});

test('the panoramas under the viewer select by the URL: the heading and every form follow, the view lands on the chosen one (issue 24 item 14)', async ({ login, page, db }) => {
  const { organizationIds } = await login({ suites: Package.BASIC | Package.SALES, language: 'EN' });
  organizationId = organizationIds[0]!;
  const room = await createTestRoom(db, { uploadDir, organizationId });
  await page.goto(`/virtual-rooms/${room.slug}`);
  const lobby = page.getByRole('region', { name: 'Editing Empfang' });
  await expect(lobby.locator('[data-room-stage]')).toHaveAttribute('data-room-ready', room.lobbyId, { timeout: THREE_READY_TIMEOUT });

  // the Studio chosen under the viewer: the URL, the heading, the viewer and every form of the section say Studio
  await lobby.locator('[data-room-panos]').getByRole('link', { name: 'Studio' }).click();
  const studio = page.getByRole('region', { name: 'Editing Studio' });
  await expect(studio).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]pano=${room.studioId}`));
  await expect(studio.locator('[data-room-stage]')).toHaveAttribute('data-room-ready', room.studioId, { timeout: THREE_READY_TIMEOUT });
  await expect(studio.locator('[data-room-panos] a[aria-current="page"]')).toHaveText('Studio');
  const panoIds = await studio.locator('form input[name="panoId"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(panoIds.length).toBeGreaterThanOrEqual(3);
  expect(new Set(panoIds)).toEqual(new Set([room.studioId]));

  // its initial view is stored on the Studio, not on the pano the page opened with
  const view = studio.locator('[data-initial-view]');
  await view.getByLabel('Azimuth (degrees, -180 … 180)').fill('45');
  await view.getByRole('button', { name: 'Set initial view', exact: true }).click();
  await expect(view.locator('[data-current-view]')).toHaveText('Current: azimuth 45°, polar angle 90°, focal length 35 mm');
  const stored = await db('virtual_room_panos').whereIn('id', [room.lobbyId, room.studioId]).select('id', 'initial_azimuthal_angle');
  expect(Object.fromEntries(stored.map((row) => [row.id, row.initial_azimuthal_angle === null ? null : Math.round(((row.initial_azimuthal_angle as number) * 180) / Math.PI)]))).toEqual({
    [room.lobbyId]: null,
    [room.studioId]: 45,
  });

  // a nav point in the viewer leads back, through the URL as well
  await studio.getByRole('button', { name: 'To Empfang', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Editing Empfang' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]pano=${room.lobbyId}`));
  const lobbyIds = await page.getByRole('region', { name: 'Editing Empfang' }).locator('form input[name="panoId"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(new Set(lobbyIds)).toEqual(new Set([room.lobbyId]));
});

test('the list: copy the link, rename, change the access and delete after confirming; both pages pass axe', async ({ login, page }) => {
  const { organizationIds } = await login({ suites: Package.BASIC | Package.SALES, language: 'EN' });
  organizationId = organizationIds[0]!;
  await page.goto('/virtual-rooms');
  await page.getByLabel('Name').fill('Axe Room');
  await page.getByRole('button', { name: 'Create room' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Room Axe Room' })).toBeVisible();
  await expectAccessible(page);
  const slug = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

  await page.getByRole('link', { name: 'All rooms' }).click();
  const row = page.locator(`[data-room="${slug}"]`);
  await expect(row).toContainText('Setup incomplete');
  await expectAccessible(page);

  await row.getByRole('button', { name: 'Copy link: Axe Room' }).click();
  await expect(row.locator(`[data-copy-status="${slug}"]`)).toHaveText('Link copied.');
  // the site's own origin (PUBLIC_URL, else the local server) with the visitor's path
  expect(new URL(await page.evaluate(() => navigator.clipboard.readText())).pathname).toBe(`/virtual-room/${slug}`);

  await row.getByLabel('New name of Axe Room').fill('Axe Showroom');
  await row.getByRole('button', { name: 'Rename' }).click();
  await expect(row.getByRole('link', { name: 'Edit Axe Showroom' })).toBeVisible();
  await row.getByLabel('Access of Axe Showroom').selectOption('LOGGED_IN');
  await row.getByRole('button', { name: 'Save access' }).click();
  await expect(row).toContainText('Logged-in visitors');

  await row.getByRole('button', { name: 'Delete room Axe Showroom' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete room?' });
  await expect(dialog).toContainText('The room Axe Showroom with its panoramas, points and tour is deleted.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No rooms yet. Create the first one above.')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the list shows the link to copy by hand and asks before deleting', async ({ login, page }) => {
    const { organizationIds } = await login({ suites: Package.BASIC | Package.SALES, language: 'EN' });
    organizationId = organizationIds[0]!;
    await page.goto('/virtual-rooms');
    await page.getByLabel('Name').fill('Plain Room');
    await page.getByRole('button', { name: 'Create room' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Room Plain Room' })).toBeVisible();
    await page.getByRole('link', { name: 'All rooms' }).click();

    await page.getByRole('button', { name: 'Show link: Plain Room' }).click();
    await expect(page.getByRole('textbox', { name: 'Link of Plain Room' })).toHaveValue(/\/virtual-room\/plain-room/);

    await page.getByRole('button', { name: 'Delete room Plain Room' }).click();
    const step = page.getByRole('alertdialog', { name: 'Delete room?' });
    await expect(step).toBeVisible();
    await step.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No rooms yet. Create the first one above.')).toBeVisible();
  });

  test('the editor: a panorama by plain file input, the initial view and an info point typed, a tour step with an audio file', async ({ login, page }) => {
    test.slow();
    const { organizationIds } = await login({ suites: Package.BASIC | Package.SALES, language: 'EN' });
    organizationId = organizationIds[0]!;
    await page.goto('/virtual-rooms');
    await page.getByLabel('Name').fill('Plain Editor');
    await page.getByRole('button', { name: 'Create room' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Room Plain Editor' })).toBeVisible();

    const upload = page.locator('[data-form="uploadPano"]');
    await upload.getByLabel('Panorama picture (2:1)').setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: await picture(400, 400, '#2563eb') });
    await upload.getByRole('button', { name: 'Upload panorama' }).click();
    await expect(page.locator('[data-form="uploadPano"]').getByRole('alert')).toContainText('this picture has 400 × 400 pixels');
    await page.locator('[data-form="uploadPano"]').getByLabel('Name (optional)').fill('Entrance');
    await page.locator('[data-form="uploadPano"]').getByLabel('Panorama picture (2:1)').setInputFiles({ name: 'entrance.png', mimeType: 'image/png', buffer: await picture(800, 400, '#d946ef') });
    await page.locator('[data-form="uploadPano"]').getByRole('button', { name: 'Upload panorama' }).click();
    const editing = page.getByRole('region', { name: 'Editing Entrance' });
    await expect(editing).toBeVisible();

    const view = editing.locator('[data-initial-view]');
    await view.getByLabel('Azimuth (degrees, -180 … 180)').fill('-20');
    await view.getByRole('button', { name: 'Set initial view', exact: true }).click();
    await expect(page.locator('[data-initial-view] [data-current-view]')).toHaveText('Current: azimuth -20°, polar angle 90°, focal length 35 mm');

    const infoForm = page.getByRole('form', { name: 'Add info point' });
    await infoForm.getByLabel('Direction (azimuth, degrees, -180 … 180)').fill('15');
    await infoForm.getByLabel('Height (elevation, degrees, -90 … 90)').fill('-5');
    await infoForm.getByLabel('Title of the embedded page').fill('Prices');
    await infoForm.getByLabel('Address of the embedded page (https://…)').fill('https://example.com/prices');
    await infoForm.getByRole('button', { name: 'Add info point' }).click();
    await expect(page.locator('[data-points="deleteInfo"]')).toContainText('(azimuth 15°, elevation -5°)');

    const step = page.locator('[data-step-form="new"]');
    await step.getByRole('textbox', { name: 'Title', exact: true }).fill('Hello');
    await step.getByLabel('Audio file').setInputFiles({ name: 'hello.wav', mimeType: 'audio/wav', buffer: silentWav() });
    await step.getByRole('button', { name: 'Save step' }).click();
    await expect(page.locator('[data-step="Hello"] audio').first()).toHaveAttribute('src', /^\/files\//);
  });
});

