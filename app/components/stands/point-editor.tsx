import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '~/lib/language';
import { POINT_KINDS } from '~/lib/schemas/stands';
import { NativeSelect } from '../conventions/native-select';
import { DeleteObject } from '../events/list-sections';
import { clickedPosition, PositionFields } from '../events/position-fields';
import { TextArea, TextField, type ConformField } from '../ui/field';
import { useHydrated } from '../ui/use-hydrated';
import { AddPointForm, UpdatePointForm } from './forms';
import type { NodeView, PointView } from '~/server/pages/stand.server';
import { FormErrors, SubmitButton, useRouteForm } from '../ui/route-form';
import { ContentPagePicker, type PagePickerChoice } from '../content-pages/page-picker';

const round = (n: number) => Math.round(n * 10) / 10;

export function pointName(point: Pick<PointView, 'name' | 'cx' | 'cy'>, unnamed: string): string {
  return point.name || `${unnamed} ${round(point.cx)} / ${round(point.cy)}`;
}

/** The labels of a stand point's coordinates. */
function useAxisLabels() {
  const { t } = useTranslation('events');
  return { cx: t('standPages.points.cx'), cy: t('standPages.points.cy') };
}

type ReferenceFieldSet = Record<'name' | 'order' | 'contentPageId' | 'titleDE' | 'descriptionDE' | 'titleEN' | 'descriptionEN', ConformField>;

/** Name, order, content page (the picker of the organisation's pages) and the texts per language of a reference point. */
function ReferenceFields({ fields, pages }: { fields: ReferenceFieldSet; pages: PagePickerChoice[] }) {
  const { t } = useTranslation(['events', 'common']);
  return (
    <>
      <TextField field={fields.name} label={t('standPages.points.name')} description={t('standPages.points.nameHint')} />
      <TextField field={fields.order} type="number" label={t('standPages.points.order')} />
      <ContentPagePicker
        name={fields.contentPageId.name}
        pages={pages}
        defaultValue={fields.contentPageId.initialValue as string | undefined}
        errors={fields.contentPageId.errors}
        className="sm:col-span-2"
      />
      {LANGUAGES.map((language) => {
        const languageName = t(`common:languages.${language}`);
        return (
          <div key={language} lang={language.toLowerCase()} className="flex flex-col gap-3">
            <TextField field={fields[`title${language}`]} label={t('standPages.points.title', { language: languageName })} />
            <TextArea field={fields[`description${language}`]} rows={3} label={t('standPages.points.description', { language: languageName })} />
          </div>
        );
      })}
    </>
  );
}

function EditReference({
  point,
  pages,
  lastResult,
}: {
  point: PointView;
  pages: PagePickerChoice[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation('events');
  const [position, setPosition] = useState({ cx: String(point.cx), cy: String(point.cy) });
  const axisLabels = useAxisLabels();
  const text = (language: string) => point.translations.find((tr) => tr.language === language);
  const [form, fields] = useRouteForm(UpdatePointForm, {
    id: `point-edit-${point.id}`,
    lastResult,
    defaultValue: {
      name: point.name,
      order: String(point.order),
      contentPageId: point.contentPageId ?? '',
      titleDE: text('DE')?.title ?? '',
      descriptionDE: text('DE')?.description ?? '',
      titleEN: text('EN')?.title ?? '',
      descriptionEN: text('EN')?.description ?? '',
    },
  });
  return (
    <details open={lastResult ? true : undefined} className="mt-2">
      <summary className="cursor-pointer text-sm text-brand-dark underline-offset-2 hover:underline">{t('standPages.points.edit')}</summary>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-4 rounded-md border p-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="updatePoint" />
        <input type="hidden" name="id" value={point.id} />
        <FormErrors errors={form.errors} className="sm:col-span-2" />
        <PositionFields prefix={`point-edit-${point.id}`} labels={axisLabels} position={position} onChange={setPosition} errors={{ cx: fields.cx.errors, cy: fields.cy.errors }} />
        <ReferenceFields fields={fields as unknown as ReferenceFieldSet} pages={pages} />
        <div className="sm:col-span-2">
          <SubmitButton>{t('standPages.points.save')}</SubmitButton>
        </div>
      </Form>
    </details>
  );
}

/**
 * The points of an image or panorama node: markers on the image and a form to add one. Without JavaScript the
 * position is typed in percent; with JavaScript a click on the image fills both fields (they stay editable).
 */
export function PointEditor({
  node,
  nodeName,
  lastForm,
  lastResult,
  pages,
}: {
  node: NodeView;
  nodeName: string;
  /** the organisation's pages a reference point may link */
  pages: PagePickerChoice[];
  lastForm: string | undefined;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation('events');
  const hydrated = useHydrated();
  const formId = `point-${node.id}`;
  const [position, setPosition] = useState({ cx: '50', cy: '50' });
  const axisLabels = useAxisLabels();
  const [kind, setKind] = useState<string>('POINT');
  const [form, fields] = useRouteForm(AddPointForm, {
    id: formId,
    lastResult: lastForm === formId ? lastResult : undefined,
  });
  const unnamed = t('standPages.points.unnamed');

  function place(event: MouseEvent<HTMLImageElement>) {
    const { x, y } = clickedPosition(event);
    setPosition({ cx: x, cy: y });
  }

  return (
    <div className="mt-4 space-y-4">
      <h4 className="font-semibold">{t('standPages.points.heading', { name: nodeName })}</h4>
      {node.imageUrl ? (
        <div className="relative inline-block max-w-full">
          {/* the click is a shortcut: the cx/cy fields below do the same by keyboard and without JavaScript */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
          <img
            src={node.imageUrl}
            alt={t('standPages.points.imageAlt', { name: nodeName })}
            onClick={hydrated ? place : undefined}
            data-testid={`node-image-${node.id}`}
            className={`block max-h-[420px] max-w-full rounded-md ${hydrated ? 'cursor-crosshair' : ''}`}
          />
          {node.points.map((p) => (
            <span
              key={p.id}
              title={pointName(p, unnamed)}
              className={`pointer-events-none absolute h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow ${p.kind === 'REFERENCE' ? 'bg-brand-dark' : 'bg-brand-pink'}`}
              style={{ left: `${p.cx}%`, top: `${p.cy}%` }}
            />
          ))}
          {hydrated ? (
            <span
              aria-hidden="true"
              data-testid="new-point-marker"
              className="pointer-events-none absolute h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-brand-dark bg-white/70"
              style={{ left: `${position.cx}%`, top: `${position.cy}%` }}
            />
          ) : null}
        </div>
      ) : null}

      <Form method="post" {...getFormProps(form)} aria-label={t('standPages.points.add')} className="grid gap-4 rounded-md border p-4 sm:grid-cols-2">
        <h5 className="font-semibold sm:col-span-2">{t('standPages.points.add')}</h5>
        <p className="text-sm text-gray-600 sm:col-span-2">{t(hydrated ? 'standPages.points.clickHint' : 'standPages.points.positionHint')}</p>
        <input type="hidden" name="intent" value="addPoint" />
        <input type="hidden" name="nodeId" value={node.id} />
        <FormErrors errors={form.errors} className="sm:col-span-2" />
        <PositionFields prefix={formId} labels={axisLabels} position={position} onChange={setPosition} errors={{ cx: fields.cx.errors, cy: fields.cy.errors }} />
        <div className="sm:col-span-2" onChange={(e) => setKind((e.target as HTMLSelectElement).value)}>
          <NativeSelect
            name="kind"
            label={t('standPages.points.kind')}
            defaultValue="POINT"
            options={POINT_KINDS.map((k) => ({ value: k, label: t(`stand.pointKind.${k}`) }))}
            errors={fields.kind.errors}
          />
        </div>
        {!hydrated || kind === 'REFERENCE' ? <ReferenceFields fields={fields as unknown as ReferenceFieldSet} pages={pages} /> : null}
        <div className="sm:col-span-2">
          <SubmitButton>{t('standPages.points.addSubmit')}</SubmitButton>
        </div>
      </Form>

      {node.points.length === 0 ? (
        <p className="text-sm text-gray-700">{t('standPages.points.empty')}</p>
      ) : (
        <ul className="divide-y" aria-label={t('standPages.points.heading', { name: nodeName })}>
          {node.points.map((p) => {
            const name = pointName(p, unnamed);
            return (
              <li key={p.id} className="py-2">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p className="text-sm">
                    <span className="font-medium">{name}</span> · {t(`stand.pointKind.${p.kind}`)} ·{' '}
                    {t('standPages.points.at', { cx: round(p.cx), cy: round(p.cy) })}
                    {p.kind === 'REFERENCE' ? ` · ${p.slug}` : ''}
                  </p>
                  <DeleteObject item={{ id: p.id, name }} keys="standPages.points" intent="deletePoint" />
                </div>
                {p.kind === 'REFERENCE' ? (
                  <EditReference point={p} pages={pages} lastResult={lastForm === `point-edit-${p.id}` ? lastResult : undefined} />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
