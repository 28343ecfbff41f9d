/**
 * OCR of business-card photos (issue 18): tesseract.js (WebAssembly in Node worker threads, so a request never
 * blocks the event loop) with the German and English LSTM models from the npm packages @tesseract.js-data/deu and
 * @tesseract.js-data/eng — nothing is fetched from the network. A small pool: workers start on first use (a
 * model load takes about half a second), are reused, at most LEADS_OCR_WORKERS (default 2) run at once, further
 * jobs wait in a bounded queue, each job has a time limit (a worker that overruns is ended and replaced), and
 * idle workers end after a while. Pictures are prepared with sharp first (EXIF rotation, grey, normalised
 * contrast, light text on dark turned dark on light, small photos scaled up, huge ones down).
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, PSM, type Worker } from 'tesseract.js';

export type CardReadErrorCode = 'UNREADABLE_IMAGE' | 'TIMEOUT' | 'BUSY';

/** A picture that is no picture, an OCR that took too long, or a full queue. The lead service maps it to its error. */
export class CardReadError extends Error {
  readonly code: CardReadErrorCode;
  constructor(code: CardReadErrorCode, message: string) {
    super(message);
    this.name = 'CardReadError';
    this.code = code;
  }
}

const LANGS = ['deu', 'eng'] as const;
/** The pixel budget for a card photo (a 12 MP phone photo is well inside). */
const MAX_INPUT_PIXELS = 40_000_000;

export interface OcrOptions {
  /** Most workers at once (each holds both models, ~100 MB). */
  workers: number;
  /** Time limit of one recognition, in ms. */
  timeoutMs: number;
  /** Most jobs waiting for a worker; more is BUSY. */
  maxQueue: number;
  /** An idle worker ends after this many ms. */
  idleMs: number;
}

const options: OcrOptions = {
  workers: Math.max(1, Math.min(4, Number(process.env.LEADS_OCR_WORKERS) || 2)),
  timeoutMs: Number(process.env.LEADS_OCR_TIMEOUT_MS) || 20_000,
  maxQueue: 32,
  idleMs: 120_000,
};

/** Changes the pool's settings (tests, bench); takes effect for workers started afterwards. */
export function configureOcr(next: Partial<OcrOptions>): void {
  Object.assign(options, next);
}

let langDir: string | null = null;

/**
 * tesseract.js reads `${langPath}/${lang}.traineddata.gz`; the two languages live in two npm packages, so a
 * private temporary folder links to both (read from disk, never downloaded).
 */
function languageFolder(): string {
  if (langDir) return langDir;
  const require = createRequire(import.meta.url);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'leads-ocr-'));
  for (const lang of LANGS) {
    const pkg = path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
    symlinkSync(path.join(pkg, '4.0.0_best_int', `${lang}.traineddata.gz`), path.join(dir, `${lang}.traineddata.gz`));
  }
  langDir = dir;
  return dir;
}

interface PoolWorker {
  worker: Worker;
  busy: boolean;
  idleTimer: NodeJS.Timeout | null;
}

interface Job {
  image: Buffer;
  resolve: (text: string) => void;
  reject: (err: Error) => void;
}

const pool: PoolWorker[] = [];
const queue: Job[] = [];
let starting = 0;
/** Bumped by shutdownOcr, so a worker still starting then is ended instead of joining the pool. */
let generation = 0;

async function startWorker(): Promise<PoolWorker> {
  const worker = await createWorker([...LANGS], 1 /* OEM.LSTM_ONLY */, {
    langPath: languageFolder(),
    cacheMethod: 'none',
    gzip: true,
    errorHandler: () => undefined,
  });
  await worker.setParameters({
    tessedit_pageseg_mode: PSM.AUTO,
    preserve_interword_spaces: '1',
    user_defined_dpi: '300',
  });
  return { worker, busy: false, idleTimer: null };
}

function scheduleIdle(pw: PoolWorker): void {
  if (pw.idleTimer) clearTimeout(pw.idleTimer);
  pw.idleTimer = setTimeout(() => {
    if (pw.busy) return;
    removeWorker(pw);
    void pw.worker.terminate().catch(() => undefined);
  }, options.idleMs);
  pw.idleTimer.unref();
}

function removeWorker(pw: PoolWorker): void {
  const i = pool.indexOf(pw);
  if (i >= 0) pool.splice(i, 1);
  if (pw.idleTimer) clearTimeout(pw.idleTimer);
}

function pump(): void {
  while (queue.length > 0) {
    const free = pool.find((p) => !p.busy);
    if (!free) {
      if (pool.length + starting < options.workers) {
        starting += 1;
        const gen = generation;
        startWorker()
          .then((pw) => {
            if (gen !== generation) {
              void pw.worker.terminate().catch(() => undefined);
              return;
            }
            pool.push(pw);
            scheduleIdle(pw);
          })
          .catch((err: unknown) => {
            // a worker that cannot start fails the waiting job rather than leaving it hanging
            const job = queue.shift();
            job?.reject(err instanceof Error ? err : new Error(String(err)));
          })
          .finally(() => {
            starting -= 1;
            pump();
          });
      }
      return;
    }
    const job = queue.shift()!;
    run(free, job);
  }
}

function run(pw: PoolWorker, job: Job): void {
  pw.busy = true;
  if (pw.idleTimer) clearTimeout(pw.idleTimer);
  let done = false;
  const timer = setTimeout(() => {
    if (done) return;
    done = true;
    // the worker may be stuck in WebAssembly: end it, a new one starts for the next job
    removeWorker(pw);
    void pw.worker.terminate().catch(() => undefined);
    job.reject(new CardReadError('TIMEOUT', `OCR took longer than ${options.timeoutMs} ms`));
    pump();
  }, options.timeoutMs);
  pw.worker
    .recognize(job.image)
    .then(
      (res) => {
        if (done) return;
        done = true;
        job.resolve(res.data.text ?? '');
      },
      (err: unknown) => {
        if (done) return;
        done = true;
        job.reject(new CardReadError('UNREADABLE_IMAGE', err instanceof Error ? err.message : String(err)));
      },
    )
    .finally(() => {
      clearTimeout(timer);
      if (pool.includes(pw)) {
        pw.busy = false;
        scheduleIdle(pw);
      }
      pump();
    });
}

/** The text on a prepared picture (see prepareCardImage), through the worker pool. */
export function recognizeText(image: Buffer): Promise<string> {
  if (queue.length >= options.maxQueue) {
    return Promise.reject(new CardReadError('BUSY', 'Too many business cards are being read at the moment'));
  }
  return new Promise<string>((resolve, reject) => {
    queue.push({ image, resolve, reject });
    pump();
  });
}

/** A picture narrower or lower than this cannot hold a line of legible text. */
const MIN_TEXT_SIDE = 32;

/**
 * A photo made easy to read: turned upright by its EXIF orientation, grey, contrast stretched, light-on-dark
 * inverted, scaled to about 1600 px across (small photos up, large ones down), as PNG. Null for a picture with
 * nothing to read (of one colour, or too small for a line of text), which then costs no recognition: a second of
 * a worker's time that a blank or 1-pixel upload would otherwise take.
 */
export async function prepareCardImage(input: Buffer): Promise<Buffer | null> {
  try {
    const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().grayscale();
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const swap = (meta.orientation ?? 1) >= 5;
    const width = (swap ? meta.height : meta.width) ?? 0;
    if (!width) throw new Error('no size');
    const stats = await base.clone().stats();
    const grey = stats.channels[0];
    if (Math.min(meta.width ?? 0, meta.height ?? 0) < MIN_TEXT_SIDE || (grey && grey.min === grey.max)) return null;
    const mean = grey?.mean ?? 255;
    let img = base.clone();
    if (mean < 110) img = img.negate({ alpha: false });
    img = img.normalise();
    const target = width < 1200 ? 1600 : width > 2400 ? 2000 : null;
    if (target) img = img.resize({ width: target, kernel: 'lanczos3' });
    return await img.png({ compressionLevel: 1 }).toBuffer();
  } catch (err) {
    throw new CardReadError('UNREADABLE_IMAGE', `Not a readable picture: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Ends every worker and removes the language folder (tests, the bench, server shutdown). */
export async function shutdownOcr(): Promise<void> {
  generation += 1;
  for (const job of queue.splice(0)) job.reject(new CardReadError('BUSY', 'OCR shut down'));
  const workers = pool.splice(0);
  await Promise.all(
    workers.map(async (pw) => {
      if (pw.idleTimer) clearTimeout(pw.idleTimer);
      await pw.worker.terminate().catch(() => undefined);
    }),
  );
  if (langDir) {
    rmSync(langDir, { recursive: true, force: true });
    langDir = null;
  }
}
