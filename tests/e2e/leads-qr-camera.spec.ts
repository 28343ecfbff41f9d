import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';
import { Package } from '../../app/lib/features';
import { expect, test } from './fixtures';
import { chromiumPath } from '../../playwright.config';

/**
 * The camera QR scanner (issue 18, app/components/leads/qr-scanner.tsx) with a camera: Chromium's fake camera
 * plays a video of a vCard QR code (a Y4M file written here), the scanner on the capture page reads it from the
 * video frames (jsqr on a canvas: this Chromium has no BarcodeDetector) and the page fills the form with the
 * contact. No sleeps: every step waits on what the page shows.
 */

const VCARD = ['BEGIN:VCARD', 'VERSION:3.0', 'N:Kamera;Carla;;;', 'FN:Carla Kamera', 'ORG:Linse & Co. KG', 'EMAIL:carla.kamera@linse.example', 'END:VCARD'].join('\r\n');

/** A Y4M video (grey only, 4:2:0) of the QR code in the middle of a 640×480 picture, a few frames long. */
function qrVideo(text: string): string {
  const W = 640;
  const H = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const scale = Math.floor(400 / (n + 8));
  const side = (n + 8) * scale;
  const x0 = Math.floor((W - side) / 2);
  const y0 = Math.floor((H - side) / 2);
  const y = Buffer.alloc(W * H, 150);
  for (let py = 0; py < side; py++) {
    for (let px = 0; px < side; px++) {
      const mx = Math.floor(px / scale) - 4;
      const my = Math.floor(py / scale) - 4;
      const dark = mx >= 0 && my >= 0 && mx < n && my < n && qr.modules.get(my, mx);
      y[(y0 + py) * W + x0 + px] = dark ? 16 : 235;
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frames: Buffer[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let f = 0; f < 10; f++) frames.push(Buffer.from('FRAME\n'), y, chroma);
  const dir = path.resolve('test-results/leads-qr-camera');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'vcard.y4m');
  writeFileSync(file, Buffer.concat(frames));
  return file;
}

const video = qrVideo(VCARD);

test.use({
  viewport: { width: 390, height: 844 },
  permissions: ['camera'],
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

test('a rep scans a vCard QR code with the camera and gets the contact in the capture form', async ({ page, login }) => {
  await login({ suites: Package.SALES | Package.DATA });
  await page.goto('/leads/leadform');
  await page.getByText('From a business card or QR code').click();
  await page.getByRole('button', { name: 'Scan with the camera' }).click();
  await page.getByRole('button', { name: 'Scan QR code' }).click();
  await expect(page.getByText('Read from the QR code: please check the details and save.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Carla Kamera');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('carla.kamera@linse.example');
  await expect(page.getByLabel('Company', { exact: true })).toHaveValue('Linse & Co. KG');
});
