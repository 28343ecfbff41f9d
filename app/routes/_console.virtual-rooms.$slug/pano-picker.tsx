import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOfPictureSpot, pictureSpotOf } from '~/lib/virtual-rooms/editor';

export interface PickedSpot {
  azimuth: number;
  elevation: number;
}

/**
 * The flat panorama (its 2:1 poster) as a picker: a click chooses the direction it shows (the middle is azimuth 0,
 * the top edge straight up) and marks the points already placed. A button of its own, so the keyboard reaches it;
 * the typed direction fields below are the way without a pointer and without JavaScript.
 */
export function PanoPicker({
  name,
  poster,
  points,
  onPick,
}: {
  name: string;
  poster: string | null;
  points: { id: string; name: string; azimuth: number; elevation: number; kind: 'nav' | 'info' }[];
  onPick: (spot: PickedSpot) => void;
}) {
  const { t } = useTranslation('roomseditor');
  const [picked, setPicked] = useState<PickedSpot | null>(null);
  if (!poster) return null;
  const place = (spot: PickedSpot) => {
    const { u, v } = pictureSpotOf(spot);
    return { left: `${u * 100}%`, top: `${v * 100}%` };
  };
  return (
    <div className="space-y-1">
      <div className="relative w-full overflow-hidden rounded bg-gray-100" style={{ aspectRatio: '2 / 1' }}>
        <button
          type="button"
          aria-label={t('editor.picker', { name })}
          data-pano-picker
          className="absolute inset-0 h-full w-full cursor-crosshair outline-none focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-pink"
          onClick={(event) => {
            const box = event.currentTarget.getBoundingClientRect();
            const spot = directionOfPictureSpot((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height);
            setPicked(spot);
            onPick(spot);
          }}
        >
          <img src={poster} alt="" className="h-full w-full object-cover" draggable={false} />
        </button>
        {points.map((point) => (
          <span
            key={point.id}
            aria-hidden="true"
            title={point.name}
            className={`pointer-events-none absolute h-3 w-3 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white ${point.kind === 'nav' ? 'bg-brand-pink' : 'bg-blue-600'}`}
            style={place(point)}
          />
        ))}
        {picked ? (
          <span aria-hidden="true" className="pointer-events-none absolute h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-black bg-yellow-300" style={place(picked)} />
        ) : null}
      </div>
      <p role="status" className="text-sm text-gray-700">
        {picked ? t('editor.picked', { azimuth: picked.azimuth, elevation: picked.elevation }) : t('editor.pickHint')}
      </p>
    </div>
  );
}
