import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ContentPagePicker } from '~/components/content-pages/page-picker';
import { NativeSelect } from '~/components/conventions/native-select';
import { EditorDelete } from '~/components/virtual-rooms/editor-delete';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { TextField } from '~/components/ui/field';
import { ItemTextsFieldset } from '~/components/ui/item-texts-fieldset';
import { FormErrors, resultFor, useIsPending, useRouteForm } from '~/components/ui/route-form';
import type { FormAnswer } from '~/lib/route-kit';
import type { ItemTextsValues } from '~/lib/schemas/item-texts';
import type { RoomDestinations, RoomEditorIcon } from '~/server/services/virtual-rooms/types';
import { InfoPointForm, NavPointForm } from './forms';
import { AngleInput } from './inputs';

export interface Direction {
  azimuth: string;
  elevation: string;
}

interface PointFormProps {
  panoId: string;
  direction: Direction;
  onDirection: (direction: Direction) => void;
  icons: RoomEditorIcon[];
  answer: FormAnswer | undefined;
}

function DirectionFields({ direction, onDirection, errors }: { direction: Direction; onDirection: (d: Direction) => void; errors: { azimuth?: string[]; elevation?: string[] } }) {
  const { t } = useTranslation('roomseditor');
  return (
    <div className="flex flex-wrap gap-3">
      <AngleInput name="azimuth" label={t('editor.pointAzimuth')} min={-180} max={180} required value={direction.azimuth} onChange={(azimuth) => onDirection({ ...direction, azimuth })} errors={errors.azimuth} />
      <AngleInput name="elevation" label={t('editor.pointElevation')} min={-90} max={90} required value={direction.elevation} onChange={(elevation) => onDirection({ ...direction, elevation })} errors={errors.elevation} />
    </div>
  );
}

/** The icon library's icons as radio buttons with their pictures ("default" first); works without JavaScript. */
function IconSelect({ icons }: { icons: RoomEditorIcon[] }) {
  const { t } = useTranslation('roomseditor');
  const option = 'flex cursor-pointer items-center gap-2 rounded border px-2 py-1 text-sm has-[:checked]:border-brand-dark has-[:checked]:bg-gray-100';
  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend className="text-sm font-medium">{t('editor.icon')}</legend>
      <div className="flex max-h-40 flex-wrap gap-2 overflow-auto">
        <label className={option}>
          <input type="radio" name="iconId" value="" defaultChecked />
          {t('editor.defaultIcon')}
        </label>
        {icons.map((icon) => (
          <label key={icon.id} className={option}>
            <input type="radio" name="iconId" value={icon.id} />
            <img src={icon.url} alt="" width={24} height={24} className="h-6 w-6 object-contain" />
            {icon.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A new navigation point: where (direction), its icon and exactly one destination from the organisation's lists. */
export function NavPointCreate({ panoId, direction, onDirection, icons, answer, destinations, panoCount }: PointFormProps & { destinations: RoomDestinations; panoCount: number }) {
  const { t } = useTranslation('roomseditor');
  const pending = useIsPending();
  const [form, fields] = useRouteForm(NavPointForm, { id: 'addNav', lastResult: resultFor(answer, 'addNav') });
  const kinds = ['pano', 'hall', 'hallStand', 'stage', 'convention'] as const;
  const lists: Record<(typeof kinds)[number], { id: string; label: string }[]> = {
    pano: destinations.panos.filter((pano) => pano.id !== panoId),
    hall: destinations.halls,
    hallStand: destinations.hallStands,
    stage: destinations.stages,
    convention: destinations.conventions,
  };
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" aria-labelledby="add-nav-title">
      <h4 id="add-nav-title" className="font-semibold">
        {t('editor.addNav')}
      </h4>
      {panoCount < 2 ? <p className="text-sm text-gray-700">{t('editor.navNeedsTwo')}</p> : null}
      <input type="hidden" name="intent" value="addNav" />
      <input type="hidden" name="panoId" value={panoId} />
      <DirectionFields direction={direction} onDirection={onDirection} errors={{ azimuth: fields.azimuth.errors, elevation: fields.elevation.errors }} />
      <div className="flex flex-wrap gap-3">
        <IconSelect icons={icons} />
        <NativeSelect
          name="destination"
          label={t('editor.destination')}
          emptyLabel={t('editor.destinationNone')}
          required
          errors={fields.destination.errors}
          options={[{ value: 'url', label: t('editor.kinds.url') }]}
          groups={kinds.map((kind) => ({ label: t(`editor.kinds.${kind}`), options: lists[kind].map((option) => ({ value: `${kind}:${option.id}`, label: option.label })) }))}
        />
      </div>
      <TextField field={fields.url} type="url" label={t('editor.url')} />
      <Button type="submit" isDisabled={pending}>
        {t('editor.addNav')}
      </Button>
      <FormErrors errors={form.errors} />
    </Form>
  );
}

/** A new info point: where, its icon, the auth flag, and a content page or an embedded page. */
export function InfoPointCreate({ panoId, direction, onDirection, icons, answer, pages }: PointFormProps & { pages: { id: string; label: string }[] }) {
  const { t } = useTranslation('roomseditor');
  const pending = useIsPending();
  const [form, fields] = useRouteForm(InfoPointForm, { id: 'addInfo', lastResult: resultFor(answer, 'addInfo') });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" aria-labelledby="add-info-title">
      <h4 id="add-info-title" className="font-semibold">
        {t('editor.addInfo')}
      </h4>
      <input type="hidden" name="intent" value="addInfo" />
      <input type="hidden" name="panoId" value={panoId} />
      <DirectionFields direction={direction} onDirection={onDirection} errors={{ azimuth: fields.azimuth.errors, elevation: fields.elevation.errors }} />
      <div className="flex flex-wrap gap-3">
        <IconSelect icons={icons} />
        <ContentPagePicker pages={pages.map((page) => ({ id: page.id, name: page.label }))} label={t('editor.infoPage')} errors={fields.contentPageId.errors} />
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="text-sm font-medium">{t('editor.infoIframe')}</legend>
        <TextField field={fields.iframeTitle} label={t('editor.iframeTitle')} />
        <TextField field={fields.iframeUrl} type="url" label={t('editor.iframeUrl')} />
      </fieldset>
      <ItemTextsFieldset values={{}} fields={['title']} idPrefix="add-info" />
      <Checkbox name="auth" value="on">
        {t('editor.auth')}
      </Checkbox>
      <Button type="submit" isDisabled={pending}>
        {t('editor.addInfo')}
      </Button>
      <FormErrors errors={form.errors} />
    </Form>
  );
}

/** The points of a pano, each with its delete (confirmed). */
export function PointList({
  points,
  intent,
  title,
  panoId,
}: {
  /** `texts`: an embedded page's titles per language, edited here (info points that open an iframe) */
  points: { id: string; name: string; azimuth: number; elevation: number; texts?: ItemTextsValues | null }[];
  intent: 'deleteNav' | 'deleteInfo';
  title: string;
  panoId: string;
}) {
  const { t } = useTranslation('roomseditor');
  return (
    <div>
      <h4 className="font-semibold">{title}</h4>
      {points.length ? (
        <ul className="mt-2 divide-y" data-points={intent}>
          {points.map((point) => (
            <li key={point.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>{t('editor.pointAt', point)}</span>
              <EditorDelete intent={intent} id={point.id} name={point.name} texts="editor.deletePoint" />
              {point.texts ? (
                <details className="w-full">
                  <summary className="cursor-pointer underline">{t('editor.infoTexts', { name: point.name })}</summary>
                  <Form method="post" className="mt-2 space-y-2">
                    <input type="hidden" name="intent" value="infoTexts" />
                    <input type="hidden" name="id" value={point.id} />
                    <input type="hidden" name="panoId" value={panoId} />
                    <ItemTextsFieldset values={point.texts} fields={['title']} idPrefix={`info-${point.id}`} />
                    <Button type="submit">{t('editor.saveInfoTexts')}</Button>
                  </Form>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-gray-700">{t('editor.noPoints')}</p>
      )}
    </div>
  );
}
