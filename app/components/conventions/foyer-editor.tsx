import type { SubmissionResult } from '@conform-to/react';
import { getFormProps } from '@conform-to/react';
import { Form, useNavigation } from '@remix-run/react';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../events/confirm-delete';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { useHydrated } from '../ui/use-hydrated';
import { FoyerPointForm } from './forms';
import { NativeSelect, type NativeSelectGroup } from './native-select';
import { useRouteForm } from '../ui/route-form';

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
  const navigation = useNavigation();
  const [position, setPosition] = useState<{ x: string; y: string }>({ x: '50', y: '50' });
  const [form, fields] = useRouteForm(FoyerPointForm, {
    id: 'foyer-point',
    lastResult,
  });

  function place(event: MouseEvent<HTMLImageElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    setPosition({
      x: String(round(((event.clientX - box.left) / box.width) * 100)),
      y: String(round(((event.clientY - box.top) / box.height) * 100)),
    });
  }

  const numberClass = 'w-28 rounded-md border border-gray-300 px-3 py-2 aria-[invalid]:border-brand-red';
  return (
    <div className="space-y-4">
      <div className="relative inline-block max-w-full">
        {/* the click is a shortcut: the x/y fields below do the same by keyboard and without JavaScript */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
        <img
          src={imageUrl}
          alt={t('pages.foyer.imageAlt')}
          onClick={hydrated ? place : undefined}
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
        {form.errors?.length ? (
          <p role="alert" className="text-sm text-brand-red sm:col-span-2">
            {form.errors.join(' ')}
          </p>
        ) : null}
        <div className="flex gap-4 sm:col-span-2">
          {(['x', 'y'] as const).map((axis) => {
            const errors = fields[axis].errors;
            return (
              <div key={axis} className="flex flex-col gap-1">
                <label htmlFor={`foyer-${axis}`} className="text-sm font-medium">
                  {t(axis === 'x' ? 'pages.foyer.x' : 'pages.foyer.y')}
                </label>
                <input
                  id={`foyer-${axis}`}
                  name={axis}
                  type="number"
                  min={0}
                  max={100}
                  step="any"
                  required
                  value={position[axis]}
                  onChange={(e) => setPosition((p) => ({ ...p, [axis]: e.target.value }))}
                  aria-invalid={errors?.length ? true : undefined}
                  aria-describedby={errors?.length ? `foyer-${axis}-error` : undefined}
                  className={numberClass}
                />
                {errors?.length ? (
                  <p id={`foyer-${axis}-error`} className="text-sm text-brand-red">
                    {errors.join(' ')}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        <NativeSelect
          name="target"
          label={t('pages.foyer.target')}
          emptyLabel={t('pages.foyer.noTarget')}
          groups={targets}
          errors={fields.target.errors}
        />
        <TextField field={fields.link} type="url" label={t('pages.foyer.link')} description={t('pages.foyer.linkHint')} />
        <div className="sm:col-span-2">
          <Button type="submit" isDisabled={navigation.state === 'submitting'}>
            {t('pages.foyer.addSubmit')}
          </Button>
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
                <ConfirmDelete
                  intent="deletePoint"
                  id={p.id}
                  name={p.label}
                  label={t('pages.delete')}
                  ariaLabel={t('pages.foyer.deleteNamed', { label: p.label })}
                  title={t('pages.foyer.deleteTitle')}
                  message={t('pages.foyer.deleteText', { label: p.label })}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
