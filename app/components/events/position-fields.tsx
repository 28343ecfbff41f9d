import type { MouseEvent } from 'react';
import { ErrorText } from '~/components/ui/field';

/**
 * The coordinates (percent of the picture, 0 to 100) of a point placed on a picture, one number input per axis of
 * `labels` with its errors; controlled, so a click on the picture can fill them (foyer points, stand points).
 */
export function PositionFields<A extends string>({
  prefix,
  labels,
  position,
  onChange,
  errors,
}: {
  /** the inputs' ids are `<prefix>-<axis>` */
  prefix: string;
  labels: Record<A, string>;
  position: Record<NoInfer<A>, string>;
  onChange: (next: Record<NoInfer<A>, string>) => void;
  errors: Partial<Record<NoInfer<A>, string[]>>;
}) {
  return (
    <div className="flex gap-4 sm:col-span-2">
      {(Object.keys(labels) as A[]).map((axis) => {
        const fieldErrors = errors[axis];
        const id = `${prefix}-${axis}`;
        return (
          <div key={axis} className="flex flex-col gap-1">
            <label htmlFor={id} className="text-sm font-medium">
              {labels[axis]}
            </label>
            <input
              id={id}
              name={axis}
              type="number"
              min={0}
              max={100}
              step="any"
              required
              value={position[axis]}
              onChange={(e) => onChange({ ...position, [axis]: e.target.value })}
              aria-invalid={fieldErrors?.length ? true : undefined}
              aria-describedby={fieldErrors?.length ? `${id}-error` : undefined}
              className="w-28 rounded-md border border-gray-300 px-3 py-2 aria-[invalid]:border-brand-red"
            />
            <ErrorText id={`${id}-error`} errors={fieldErrors} />
          </div>
        );
      })}
    </div>
  );
}

/** Where on the picture a click landed, in percent of its width and height (one decimal), to fill `PositionFields`. */
export function clickedPosition(event: MouseEvent<HTMLElement>): { x: string; y: string } {
  const box = event.currentTarget.getBoundingClientRect();
  const percent = (offset: number, size: number) => String(Math.round((offset / size) * 100 * 10) / 10);
  return { x: percent(event.clientX - box.left, box.width), y: percent(event.clientY - box.top, box.height) };
}
