/**
 * A QR code in a picture -> its text (issue 18; issue 24 item 1). The picture is scaled down first (sharp: EXIF
 * rotation applied, at most 1000 px across, so a 12 MP photo or a 2000 px noise picture costs what a small one does),
 * then jsqr looks for the code in a worker thread of the card reader's pool (ocr.server.ts): the same slots, queue,
 * per-organisation turns and a time limit per picture (LEADS_QR_TIMEOUT_MS, default 5 s), so the server's event loop
 * never runs the decoder (four noise pictures held the visitor pages for 13-20 s before). A picture where the first
 * pass finds nothing is tried once more with stretched contrast. null when there is no code.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { CardReadError, ocrOptions, registerCardWorker, runCardJob, type CardWorkerHandle } from './ocr.server';

const MAX_INPUT_PIXELS = 40_000_000;
/** Longest side the decoder sees: a code filling a tenth of a phone photo still has 3+ pixels per module. */
export const QR_MAX_SIDE = 1000;

interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

async function rgba(image: Buffer, enhance: boolean): Promise<Pixels> {
  try {
    let img = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    if (enhance) img = img.normalise({ lower: 2, upper: 98 });
    img = img.resize({ width: QR_MAX_SIDE, height: QR_MAX_SIDE, fit: 'inside', withoutEnlargement: true }).ensureAlpha();
    const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) throw new Error(`expected RGBA, got ${info.channels} channels`);
    return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
  } catch (err) {
    throw new CardReadError('UNREADABLE_IMAGE', `Not a readable picture: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * The decoder thread: plain CommonJS evaluated by worker_threads (no build step, the same in development, tests and
 * the bundled server), jsqr loaded from the path the server resolved. It lowers its own scheduling priority (on Linux
 * the nice value is per thread), so the event loop wins the CPU when both want it.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try { require('node:os').setPriority(10); } catch {}
const jsQR = require(workerData.jsqr);
const decode = jsQR.default || jsQR;
parentPort.on('message', (px) => {
  try {
    const code = decode(px.data, px.width, px.height, { inversionAttempts: 'attemptBoth' });
    parentPort.postMessage({ text: code && code.data ? code.data : null });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
});
`;

async function startQrWorker(): Promise<CardWorkerHandle> {
  const jsqr = createRequire(import.meta.url).resolve('jsqr');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { jsqr } });
  worker.unref();
  let pending: { resolve: (text: string | null) => void; reject: (err: Error) => void } | null = null;
  const fail = (err: Error) => {
    pending?.reject(err);
    pending = null;
  };
  worker.on('message', (answer: { text?: string | null; error?: string }) => {
    const waiting = pending;
    pending = null;
    if (answer.error !== undefined) waiting?.reject(new CardReadError('UNREADABLE_IMAGE', answer.error));
    else waiting?.resolve(answer.text ?? null);
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new CardReadError('TIMEOUT', 'QR decoder ended')));
  const decode = (px: Pixels) =>
    new Promise<string | null>((resolve, reject) => {
      pending = { resolve, reject };
      worker.postMessage(px, [px.data.buffer as ArrayBuffer]);
    });
  return {
    run: async (input) => {
      const image = input as Buffer;
      for (const enhance of [false, true]) {
        const text = await decode(await rgba(image, enhance));
        if (text) return text;
      }
      return null;
    },
    end: () => worker.terminate().then(() => undefined),
  };
}

registerCardWorker('qr', startQrWorker);

/** The text of the QR code in a picture (null without one), decoded in the pool for `owner` (the organisation). */
export async function decodeQrImage(image: Buffer, owner = ''): Promise<string | null> {
  return runCardJob<string | null>('qr', owner, image, ocrOptions().qrTimeoutMs);
}
