import type { SubmissionResult } from '@conform-to/react';
import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteObject } from '../events/list-sections';
import { clickedPosition, PositionFields } from '../events/position-fields';
import { TextField } from '../ui/field';
import { useHydrated } from '../ui/use-hydrated';
import { FoyerPointForm } from './forms';
import { NativeSelect, type NativeSelectGroup } from './native-select';
import { FormErrors, SubmitButton, useRouteForm } from '../ui/route-form';

export interface FoyerPointView {
  id: string;
  x: number;
  y: number;
  label: string;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The image foyer's points: markers on the image and a form to add one. Without JavaScript the position is
 * typed in percent; with JavaScript a click on the image fills both fields (and they stay editable by keyboard).
 */
export function FoyerEditor({
  imageUrl,
  points,
  targets,
  lastResult,
}: {
  imageUrl: string;
  points: FoyerPointView[];
  targets: NativeSelectGroup[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation('events');
  const hydrated = useHydrated();
  const [position, setPosition] = useState<{ x: string; y: string }>({ x: '50', y: '50' });
  const [form, fields] = useRouteForm(FoyerPointForm, {
    id: 'foyer-point',
    lastResult,
  });

  return (
    <div className="space-y-4">
      <div className="relative inline-block max-w-full">
        {/* the click is a shortcut: the x/y fields below do the same by keyboard and without JavaScript */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
        <img
          src={imageUrl}
          alt={t('pages.foyer.imageAlt')}
          onClick={hydrated ? (event) => setPosition(clickedPosition(event)) : undefined}
          data-testid="foyer-image"
          className={`block max-h-[480px] max-w-full rounded-md ${hydrated ? 'cursor-crosshair' : ''}`}
        />
        {points.map((p) => (
          <span
            key={p.id}
            title={p.label}
            className="pointer-events-none absolute h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-pink shadow"
            style={{ left: `${p.x}%`, top: `${p.y}%` }}
          />
        ))}
        {hydrated ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-brand-dark bg-white/70"
            style={{ left: `${position.x}%`, top: `${position.y}%` }}
          />
        ) : null}
      </div>

      <Form method="post" {...getFormProps(form)} className="grid gap-4 rounded-md border p-4 sm:grid-cols-2">
        <h3 className="font-semibold sm:col-span-2">{t('pages.foyer.addPoint')}</h3>
        <p className="text-sm text-gray-600 sm:col-span-2">{t(hydrated ? 'pages.foyer.clickHint' : 'pages.foyer.positionHint')}</p>
        <input type="hidden" name="intent" value="addPoint" />
        <FormErrors errors={form.errors} className="sm:col-span-2" />
        <PositionFields
          prefix="foyer"
          labels={{ x: t('pages.foyer.x'), y: t('pages.foyer.y') }}
          position={position}
          onChange={setPosition}
          errors={{ x: fields.x.errors, y: fields.y.errors }}
        />
        <NativeSelect
          name="target"
          label={t('pages.foyer.target')}
          emptyLabel={t('pages.foyer.noTarget')}
          groups={targets}
          errors={fields.target.errors}
        />
        <TextField field={fields.link} type="url" label={t('pages.foyer.link')} description={t('pages.foyer.linkHint')} />
        <div className="sm:col-span-2">
          <SubmitButton>{t('pages.foyer.addSubmit')}</SubmitButton>
        </div>
      </Form>

      <div>
        <h3 className="font-semibold">{t('pages.foyer.points')}</h3>
        {points.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700">{t('pages.foyer.noPoints')}</p>
        ) : (
          <ul className="mt-2 divide-y">
            {points.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>{t('pages.foyer.pointLabel', { label: p.label, x: round(p.x), y: round(p.y) })}</span>
                <DeleteObject item={{ id: p.id, name: p.label }} keys="pages.foyer" intent="deletePoint" label={t('pages.delete')} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
