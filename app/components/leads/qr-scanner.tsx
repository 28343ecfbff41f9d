import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { useHydrated } from '../ui/use-hydrated';

/**
 * The contact QR scanner of the lead capture page (issue 18). The back camera (getUserMedia, facingMode
 * "environment") shows in a video; frames are read by the browser's BarcodeDetector where there is one (Chrome on
 * Android), else by jsqr on a canvas — jsqr is imported only when needed, so it loads on the capture page and
 * only there. "Choose a picture" reads a photo of a code the same way (and is a plain file input, named by
 * `fileInputName`, that a surrounding form can post to the server before JavaScript has loaded or when the
 * browser cannot read the code). Reports the decoded text through `onResult`; whether it is a vCard/MECARD is the
 * server's call (parseContactQr). Texts in the `leadscard` namespace.
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource | ImageBitmap): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorCtor {
  new (options?: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

type Status = 'idle' | 'starting' | 'scanning' | 'reading' | 'found' | 'denied' | 'noCamera' | 'cameraError' | 'notFound';

/** Frames are looked at this often (ms); a phone decodes one in well under that. */
const SCAN_INTERVAL_MS = 180;
/** Frames and pictures are scaled to at most this many pixels across before jsqr reads them. */
const MAX_SCAN_SIDE = 800;

let detectorPromise: Promise<BarcodeDetectorLike | null> | null = null;

/** The browser's QR detector, or null (then jsqr reads the pixels). */
function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  detectorPromise ??= (async () => {
    const Ctor = (globalThis as unknown as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
    if (!Ctor) return null;
    try {
      const formats = Ctor.getSupportedFormats ? await Ctor.getSupportedFormats() : ['qr_code'];
      return formats.includes('qr_code') ? new Ctor({ formats: ['qr_code'] }) : null;
    } catch {
      return null;
    }
  })();
  return detectorPromise;
}

/** Reads a QR code from a video frame or picture: native detector first, jsqr on a canvas otherwise. */
async function decodeSource(source: HTMLVideoElement | ImageBitmap, canvas: HTMLCanvasElement): Promise<string | null> {
  const detector = await nativeDetector();
  if (detector) {
    try {
      const codes = await detector.detect(source);
      const hit = codes.find((c) => c.rawValue);
      if (hit) return hit.rawValue;
      if (!(source instanceof HTMLVideoElement)) return decodeWithJsqr(source, canvas);
      return null;
    } catch {
      // some implementations refuse certain sources: fall through to jsqr
    }
  }
  return decodeWithJsqr(source, canvas);
}

async function decodeWithJsqr(source: HTMLVideoElement | ImageBitmap, canvas: HTMLCanvasElement): Promise<string | null> {
  const w = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
  const h = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
  if (!w || !h) return null;
  const scale = Math.min(1, MAX_SCAN_SIDE / Math.max(w, h));
  canvas.width = Math.round(w * scale);
  canvas.height = Math.round(h * scale);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const { default: jsQR } = await import('jsqr');
  const code = jsQR(data, width, height, { inversionAttempts: source instanceof HTMLVideoElement ? 'dontInvert' : 'attemptBoth' });
  return code?.data || null;
}

export function QrScanner({
  onResult,
  fileInputName,
  autoStart = false,
  className,
}: {
  /** Called once with the text of the first QR code read (camera or picture). */
  onResult: (text: string) => void;
  /** Name of the picture input, so a surrounding form can post the picture (server-side decoding). */
  fileInputName?: string;
  /** Start the camera at once (the page already asked for it, e.g. a "scan" button that mounts the scanner). */
  autoStart?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('leadscard');
  const hydrated = useHydrated();
  const [status, setStatus] = useState<Status>('idle');
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timerRef = useRef<number | null>(null);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;
  const statusId = useId();
  const fileId = useId();

  const canvas = () => (canvasRef.current ??= document.createElement('canvas'));

  const stop = useCallback(() => {
    if (timerRef.current !== null) window.clearTimeout(timerRef.current);
    timerRef.current = null;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  useEffect(() => stop, [stop]);

  const found = useCallback(
    (text: string) => {
      stop();
      setStatus('found');
      onResultRef.current(text);
    },
    [stop],
  );

  const scanLoop = useCallback(() => {
    const video = videoRef.current;
    if (!video || !streamRef.current) return;
    const tick = async () => {
      if (!streamRef.current) return;
      let text: string | null = null;
      if (video.readyState >= 2) {
        try {
          text = await decodeSource(video, canvas());
        } catch {
          text = null;
        }
      }
      if (!streamRef.current) return;
      if (text) found(text);
      else timerRef.current = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
    };
    void tick();
  }, [found]);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setStatus('noCamera');
      return;
    }
    setStatus('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      });
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) {
        stop();
        return;
      }
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setStatus('scanning');
      scanLoop();
    } catch (error) {
      stop();
      const name = error instanceof DOMException ? error.name : '';
      setStatus(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : name === 'NotFoundError' || name === 'OverconstrainedError' ? 'noCamera' : 'cameraError');
    }
  }, [scanLoop, stop]);

  const autoStarted = useRef(false);
  useEffect(() => {
    if (!autoStart || autoStarted.current) return;
    autoStarted.current = true;
    void start();
  }, [autoStart, start]);

  const onFile = useCallback(
    async (file: File | undefined) => {
      if (!file) return;
      stop();
      setStatus('reading');
      try {
        const bitmap = await createImageBitmap(file);
        try {
          const text = await decodeSource(bitmap, canvas());
          if (text) found(text);
          else setStatus('notFound');
        } finally {
          bitmap.close();
        }
      } catch {
        setStatus('notFound');
      }
    },
    [found, stop],
  );

  const cameraOn = status === 'starting' || status === 'scanning';
  const message = status === 'idle' ? null : t(`scanner.${status}`);
  const isError = status === 'denied' || status === 'noCamera' || status === 'cameraError' || status === 'notFound';

  return (
    <section className={className} aria-labelledby={`${statusId}-title`}>
      <h2 id={`${statusId}-title`} className="text-lg font-semibold">
        {t('scanner.title')}
      </h2>
      <p className="text-sm text-gray-600">{t('scanner.hint')}</p>
      {hydrated ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {cameraOn ? (
            <Button
              variant="standardNoMt"
              onPress={() => {
                stop();
                setStatus('idle');
              }}
            >
              {t('scanner.stop')}
            </Button>
          ) : (
            <Button variant="standardNoMt" onPress={() => void start()}>
              {t('scanner.start')}
            </Button>
          )}
        </div>
      ) : null}
      <video
        ref={videoRef}
        aria-label={t('scanner.videoLabel')}
        className={cameraOn ? 'mt-3 aspect-square w-full max-w-sm rounded bg-black object-cover' : 'hidden'}
        muted
        playsInline
      />
      <div className="mt-3">
        <label htmlFor={fileId} className="block text-sm font-medium">
          {t('scanner.choosePicture')}
        </label>
        <input
          id={fileId}
          type="file"
          name={fileInputName}
          accept="image/*"
          className="mt-1 block w-full text-sm"
          aria-describedby={statusId}
          onChange={(e) => void onFile(e.currentTarget.files?.[0])}
        />
      </div>
      <p id={statusId} role={isError ? 'alert' : 'status'} className={isError ? 'mt-2 text-sm text-red-700' : 'mt-2 text-sm'}>
        {message}
      </p>
    </section>
  );
}
