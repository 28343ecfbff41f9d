import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';

/** Zoom bounds of the avatar cropper (spec 001 point 9). */
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 1.5;
/** The avatar is exported as JPEG at this quality (spec 001 point 5). */
export const JPEG_QUALITY = 0.6;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image could not be read'));
    image.src = src;
  });
}

/**
 * Draws the chosen square of the image on a canvas and exports it as JPEG. Zoomed out below 1, the square
 * reaches past the image: that margin is filled white (JPEG has no transparency).
 */
export async function cropToJpeg(src: string, area: Area): Promise<Blob> {
  const image = await loadImage(src);
  const size = Math.max(1, Math.round(Math.max(area.width, area.height)));
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.drawImage(image, -area.x, -area.y);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no JPEG'))), 'image/jpeg', JPEG_QUALITY),
  );
}

/** The square crop of a chosen picture (react-easy-crop, loaded only on the contact page once a file is chosen). */
export default function AvatarCropper({
  src,
  busy,
  onCancel,
  onCropped,
}: {
  src: string;
  busy: boolean;
  onCancel: () => void;
  onCropped: (jpeg: Blob) => void;
}) {
  const { t } = useTranslation('auth');
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  return (
    <div className="space-y-4">
      <div className="relative h-72 w-full overflow-hidden rounded-lg bg-brand-dark">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          restrictPosition={false}
          aspect={1}
          cropShape="round"
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_relative, pixels) => setArea(pixels)}
        />
      </div>
      <label className="flex items-center gap-3 text-sm font-medium">
        {t('avatar.zoom')}
        <input
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.05}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
          className="flex-1 accent-brand-pink"
        />
      </label>
      <div className="flex justify-end gap-3">
        <Button variant="whiteModal" onPress={onCancel} isDisabled={busy}>
          {t('avatar.cancel')}
        </Button>
        <Button
          isDisabled={!area || busy}
          onPress={async () => {
            if (area) onCropped(await cropToJpeg(src, area));
          }}
        >
          {busy ? t('avatar.uploading') : t('avatar.save')}
        </Button>
      </div>
    </div>
  );
}
