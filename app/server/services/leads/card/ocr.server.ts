/**
 * OCR of business-card photos (issue 18): tesseract.js (WebAssembly in Node worker threads, so a request never
 * blocks the event loop) with the German and English LSTM models from the npm packages @tesseract.js-data/deu and
 * @tesseract.js-data/eng — nothing is fetched from the network. A small pool: workers start on first use (a
 * model load takes about half a second), are reused, at most LEADS_OCR_WORKERS (default 2) run at once, further
 * jobs wait in a bounded queue served in turns per organisation (issue 24: one organisation's burst cannot starve
 * another's), each job has a time limit (a worker that overruns is ended and replaced), and idle workers end after
 * a while. QR pictures are decoded in the same pool (qr-image.server.ts). Pictures are prepared with sharp first (EXIF rotation, grey, normalised
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
  /** Time limit of decoding one QR picture, in ms. */
  qrTimeoutMs: number;
  /** Most jobs waiting for a worker; more is BUSY. */
  maxQueue: number;
  /** An idle worker ends after this many ms. */
  idleMs: number;
}

const options: OcrOptions = {
  workers: Math.max(1, Math.min(4, Number(process.env.LEADS_OCR_WORKERS) || 2)),
  timeoutMs: Number(process.env.LEADS_OCR_TIMEOUT_MS) || 20_000,
  qrTimeoutMs: Number(process.env.LEADS_QR_TIMEOUT_MS) || 5_000,
  maxQueue: 32,
  idleMs: 120_000,
};

/** The pool's settings now. */
export const ocrOptions = (): Readonly<OcrOptions> => options;

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

/**
 * The two kinds of work the pool runs: tesseract.js recognitions, and QR decoding (jsqr in a plain Node worker thread
 * of our own, see qr-image.server.ts). They share the slots, the queue, its fairness and the time limits, so a burst
 * of QR pictures and a burst of business cards together never take more than `workers` CPU threads.
 */
export type CardWorkKind = 'ocr' | 'qr';

/** A started worker of one kind: `run` does one job, `end` stops it (also in the middle of a job). */
export interface CardWorkerHandle {
  run(input: unknown): Promise<unknown>;
  end(): Promise<void>;
}

const starters: Record<CardWorkKind, () => Promise<CardWorkerHandle>> = {
  ocr: startOcrWorker,
  qr: () => Promise.reject(new Error('no QR worker registered')),
};

/** Registers how a kind's worker starts (the QR decoder registers itself). */
export function registerCardWorker(kind: CardWorkKind, start: () => Promise<CardWorkerHandle>): void {
  starters[kind] = start;
}

interface PoolWorker {
  kind: CardWorkKind;
  handle: CardWorkerHandle;
  busy: boolean;
  idleTimer: NodeJS.Timeout | null;
}

interface Job {
  kind: CardWorkKind;
  owner: string;
  input: unknown;
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

const pool: PoolWorker[] = [];
/** Waiting jobs per owner (organisation), served in turns: one owner's burst waits behind everyone else's next job. */
const queues = new Map<string, Job[]>();
let queued = 0;
let starting = 0;
/** Bumped by shutdownOcr, so a worker still starting then is ended instead of joining the pool. */
let generation = 0;

async function startOcrWorker(): Promise<CardWorkerHandle> {
  const worker: Worker = await createWorker([...LANGS], 1 /* OEM.LSTM_ONLY */, {
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
  return {
    run: async (input) => (await worker.recognize(input as Buffer)).data.text ?? '',
    end: () => worker.terminate().then(() => undefined),
  };
}

function endWorker(pw: PoolWorker): void {
  removeWorker(pw);
  void pw.handle.end().catch(() => undefined);
}

function scheduleIdle(pw: PoolWorker): void {
  if (pw.idleTimer) clearTimeout(pw.idleTimer);
  pw.idleTimer = setTimeout(() => {
    if (!pw.busy) endWorker(pw);
  }, options.idleMs);
  pw.idleTimer.unref();
}

function removeWorker(pw: PoolWorker): void {
  const i = pool.indexOf(pw);
  if (i >= 0) pool.splice(i, 1);
  if (pw.idleTimer) clearTimeout(pw.idleTimer);
}

/** When each owner's last job started (a counter): the owner served longest ago goes next. */
const lastStarted = new Map<string, number>();
let starts = 0;

/** The next job in turn: the first waiting job of the owner whose last job started longest ago (or never). */
function nextJob(): Job | null {
  let pick: string | null = null;
  for (const owner of queues.keys()) {
    if (pick === null || (lastStarted.get(owner) ?? -1) < (lastStarted.get(pick) ?? -1)) pick = owner;
  }
  if (pick === null) return null;
  const jobs = queues.get(pick)!;
  const job = jobs.shift()!;
  if (!jobs.length) queues.delete(pick);
  queued -= 1;
  starts += 1;
  lastStarted.delete(pick); // re-inserted: the map stays small, ordered by last start
  lastStarted.set(pick, starts);
  if (lastStarted.size > 1000) lastStarted.delete(lastStarted.keys().next().value!);
  return job;
}

function pump(): void {
  while (queued > 0) {
    const running = pool.filter((p) => p.busy).length + starting;
    if (running >= options.workers) return;
    const job = nextJob()!;
    const free = pool.find((p) => !p.busy && p.kind === job.kind);
    if (free) {
      run(free, job);
      continue;
    }
    // an idle worker of the other kind gives its memory back before a new one starts
    const spare = pool.find((p) => !p.busy && p.kind !== job.kind);
    if (spare && pool.length >= options.workers) endWorker(spare);
    starting += 1;
    const gen = generation;
    starters[job.kind]()
      .then((handle) => {
        if (gen !== generation) {
          void handle.end().catch(() => undefined);
          job.reject(new CardReadError('BUSY', 'Card reader shut down'));
          return;
        }
        const pw: PoolWorker = { kind: job.kind, handle, busy: false, idleTimer: null };
        pool.push(pw);
        run(pw, job);
      })
      .catch((err: unknown) => job.reject(err instanceof Error ? err : new Error(String(err))))
      .finally(() => {
        starting -= 1;
        pump();
      });
  }
}

function run(pw: PoolWorker, job: Job): void {
  pw.busy = true;
  if (pw.idleTimer) clearTimeout(pw.idleTimer);
  let done = false;
  const timer = setTimeout(() => {
    if (done) return;
    done = true;
    // the worker may be stuck in WebAssembly or a decoder loop: end it, a new one starts for the next job
    endWorker(pw);
    job.reject(new CardReadError('TIMEOUT', `Reading took longer than ${job.timeoutMs} ms`));
    pump();
  }, job.timeoutMs);
  pw.handle
    .run(job.input)
    .then(
      (value) => {
        if (done) return;
        done = true;
        job.resolve(value);
      },
      (err: unknown) => {
        if (done) return;
        done = true;
        job.reject(err instanceof CardReadError ? err : new CardReadError('UNREADABLE_IMAGE', err instanceof Error ? err.message : String(err)));
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

/** The most jobs one owner may have waiting: a quarter of the queue, so one organisation cannot fill it for all. */
const perOwnerQueue = () => Math.max(1, Math.floor(options.maxQueue / 4));

/**
 * Runs one job of a kind in the pool for an owner (the organisation; '' for none), within `timeoutMs`. BUSY when the
 * queue or the owner's share of it is full, TIMEOUT when the job overran (its worker is ended).
 */
export function runCardJob<T>(kind: CardWorkKind, owner: string, input: unknown, timeoutMs: number): Promise<T> {
  const mine = queues.get(owner);
  if (queued >= options.maxQueue || (mine?.length ?? 0) >= perOwnerQueue()) {
    return Promise.reject(new CardReadError('BUSY', 'Too many pictures are being read at the moment'));
  }
  return new Promise<T>((resolve, reject) => {
    const job: Job = { kind, owner, input, timeoutMs, resolve: resolve as (value: unknown) => void, reject };
    if (mine) mine.push(job);
    else queues.set(owner, [job]);
    queued += 1;
    pump();
  });
}

/** The text on a prepared picture (see prepareCardImage), through the worker pool. */
export function recognizeText(image: Buffer, owner = ''): Promise<string> {
  return runCardJob<string>('ocr', owner, image, options.timeoutMs);
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
  for (const jobs of queues.values()) for (const job of jobs) job.reject(new CardReadError('BUSY', 'OCR shut down'));
  queues.clear();
  queued = 0;
  const workers = pool.splice(0);
  await Promise.all(
    workers.map(async (pw) => {
      if (pw.idleTimer) clearTimeout(pw.idleTimer);
      await pw.handle.end().catch(() => undefined);
    }),
  );
  if (langDir) {
    rmSync(langDir, { recursive: true, force: true });
    langDir = null;
  }
}
