import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '~/components/conventions/native-select';
import { EditorDelete } from '~/components/virtual-rooms/editor-delete';
import { ReorderableList } from '~/components/events/reorderable-list';
import { Button } from '~/components/ui/button';
import { TextArea, TextField } from '~/components/ui/field';
import { errorFor, FormErrors, resultFor, useIsPending, useRouteForm } from '~/components/ui/route-form';
import { ItemTextsFieldset } from '~/components/ui/item-texts-fieldset';
import { useHydrated } from '~/components/ui/use-hydrated';
import type { ItemTextsValues } from '~/lib/schemas/item-texts';
import type { FormAnswer } from '~/lib/route-kit';
import { anglesToDegrees, MAX_FOCAL_LENGTH, MIN_FOCAL_LENGTH } from '~/lib/virtual-rooms/editor';
import type { RoomViewAngles, TourStepView } from '~/lib/virtual-rooms/view';
import { AudioField } from './audio-field';
import { StepForm, UpdateStepForm } from './forms';
import { AngleInput } from './inputs';

export interface TourChoices {
  panos: { id: string; name: string }[];
  infoPoints: { id: string; name: string; panoName: string }[];
}

/** A step in the editor: as visitors in the editor's language see it, with its own texts and each language's. */
export type EditorStep = TourStepView & { own: { title: string; text: string }; texts: ItemTextsValues };

interface Angles {
  azimuth: string;
  polar: string;
  focal: string;
}

const anglesText = (view: RoomViewAngles | null): Angles => {
  if (!view) return { azimuth: '', polar: '', focal: '' };
  const degrees = anglesToDegrees(view);
  return { azimuth: String(degrees.azimuth), polar: String(degrees.polar), focal: String(degrees.focal) };
};

/** A tour step's form: new (`addStep`) or an existing step (`updateStep`). Multipart, for the audio file without JavaScript. */
function StepFields({
  step,
  choices,
  defaultPanoId,
  currentView,
  answer,
}: {
  step?: EditorStep;
  choices: TourChoices;
  defaultPanoId: string | null;
  /** the editor viewer's current view, for "use the current view" (null before the viewer has loaded) */
  currentView: () => RoomViewAngles | null;
  answer: FormAnswer | undefined;
}) {
  const { t } = useTranslation('roomseditor');
  const hydrated = useHydrated();
  const pending = useIsPending();
  const id = step ? `updateStep-${step.id}` : 'addStep';
  const [form, fields] = useRouteForm(step ? UpdateStepForm : StepForm, {
    id,
    lastResult: resultFor(answer, id),
    defaultValue: step ? { title: step.own.title, text: step.own.text } : undefined,
  });
  const [angles, setAngles] = useState<Angles>(() => anglesText(step?.view ?? null));
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-3" data-step-form={step?.id ?? 'new'}>
      <input type="hidden" name="intent" value={step ? 'updateStep' : 'addStep'} />
      {step ? <input type="hidden" name="id" value={step.id} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField field={fields.title} label={t('editor.stepTitle')} />
        <NativeSelect
          name="panoId"
          label={t('editor.stepPano')}
          required
          defaultValue={step?.panoId ?? defaultPanoId ?? undefined}
          options={choices.panos.map((pano) => ({ value: pano.id, label: pano.name }))}
          errors={fields.panoId.errors}
        />
      </div>
      <TextArea field={fields.text} label={t('editor.stepText')} rows={3} />
      <ItemTextsFieldset values={step?.texts ?? {}} description="text" idPrefix={id} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t('editor.stepView')}</legend>
        <div className="flex flex-wrap items-end gap-3">
          <AngleInput name="azimuth" label={t('editor.azimuth')} min={-180} max={180} value={angles.azimuth} onChange={(azimuth) => setAngles({ ...angles, azimuth })} errors={fields.azimuth.errors} />
          <AngleInput name="polar" label={t('editor.polar')} min={0} max={180} value={angles.polar} onChange={(polar) => setAngles({ ...angles, polar })} errors={fields.polar.errors} />
          <AngleInput name="focal" label={t('editor.focal')} min={MIN_FOCAL_LENGTH} max={MAX_FOCAL_LENGTH} step={1} value={angles.focal} onChange={(focal) => setAngles({ ...angles, focal })} errors={fields.focal.errors} />
          {hydrated ? (
            <Button
              variant="whiteModal"
              onPress={() => {
                const view = currentView();
                if (view) setAngles(anglesText(view));
              }}
            >
              {t('editor.takeView')}
            </Button>
          ) : null}
        </div>
      </fieldset>
      <NativeSelect
        name="infoPointId"
        label={t('editor.stepInfoPoint')}
        emptyLabel={t('editor.none')}
        defaultValue={step?.infoPointId ?? ''}
        options={choices.infoPoints.map((point) => ({ value: point.id, label: `${point.panoName}: ${point.name}` }))}
      />
      <AudioField currentUrl={step?.audioUrl ?? null} error={errorFor(answer, id)} />
      <Button type="submit" isDisabled={pending}>
        {step ? t('editor.updateStep') : t('editor.saveStep')}
      </Button>
      <FormErrors errors={form.errors} />
    </Form>
  );
}

/**
 * The tour: its steps in order (drag by the handle, or the move buttons, announced; the shared reorderable list
 * posts `move` / `reorder`), each to edit or delete after confirming, and the form of a new step.
 */
export function TourSection({
  steps,
  choices,
  defaultPanoId,
  currentView,
  answer,
}: {
  steps: EditorStep[];
  choices: TourChoices;
  defaultPanoId: string | null;
  currentView: () => RoomViewAngles | null;
  answer: FormAnswer | undefined;
}) {
  const { t } = useTranslation('roomseditor');
  const panoName = (id: string) => choices.panos.find((pano) => pano.id === id)?.name ?? '';
  return (
    <div className="mt-3 space-y-6">
      {steps.length ? (
        <ReorderableList items={steps} nameOf={(step) => step.title} label={t('editor.tour')}>
          {(step) => (
            <div className="space-y-2" data-step={step.title}>
              <div className="flex flex-wrap items-center gap-3">
                <span className="font-medium">{step.title}</span>
                <span className="text-sm text-gray-700">{panoName(step.panoId)}</span>
                {step.audioUrl ? (
                  // eslint-disable-next-line jsx-a11y/media-has-caption -- the step's text below is its transcript
                  <audio controls src={step.audioUrl} preload="none" className="h-8 w-56" />
                ) : null}
                <EditorDelete intent="deleteStep" id={step.id} name={step.title} texts="editor.deleteStep" />
              </div>
              {step.text ? <p className="text-sm text-gray-700">{step.text}</p> : null}
              <details>
                <summary className="cursor-pointer text-sm underline">{t('editor.editStep', { title: step.title })}</summary>
                <div className="mt-3">
                  <StepFields step={step} choices={choices} defaultPanoId={defaultPanoId} currentView={currentView} answer={answer} />
                </div>
              </details>
            </div>
          )}
        </ReorderableList>
      ) : (
        <p className="text-sm text-gray-700">{t('editor.noSteps')}</p>
      )}
      {choices.panos.length ? (
        <div className="rounded border p-4">
          <h3 className="mb-3 font-semibold">{t('editor.addStep')}</h3>
          {/* a new form after each saved step: the last step's recording is not posted again */}
          <StepFields key={steps.length} choices={choices} defaultPanoId={defaultPanoId} currentView={currentView} answer={answer} />
        </div>
      ) : (
        <p className="text-sm text-gray-700">{t('editor.noPanoForTour')}</p>
      )}
    </div>
  );
}
