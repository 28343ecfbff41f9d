import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigate } from '@remix-run/react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '~/components/conventions/native-select';
import { ACCESS_CONFIRM_TEXTS, AccessSection } from '~/components/events/access-section';
import { ConfirmStep } from '~/components/events/confirm-delete';
import { BuilderHeader } from '~/components/events/builder-sections';
import { EditorDelete } from '~/components/virtual-rooms/editor-delete';
import { Button, buttonClassName } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { TextField } from '~/components/ui/field';
import { errorFor, FormErrors, PageSection, resultFor, useIsPending, useRouteForm } from '~/components/ui/route-form';
import { useHydrated } from '~/components/ui/use-hydrated';
import { RoomViewer } from '~/components/virtual-rooms/room-viewer';
import { crumbsFrom } from '~/lib/breadcrumbs';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import type { FormAnswer } from '~/lib/route-kit';
import { anglesToDegrees, directionOfPoint, MAX_FOCAL_LENGTH, MIN_FOCAL_LENGTH, ROOM_ACCESS_TYPES } from '~/lib/virtual-rooms/editor';
import type { RoomViewAngles } from '~/lib/virtual-rooms/view';
import { runGuards } from '~/server/guards.server';
import { editorPath, RenamePanoForm, SettingsForm, TOUR_ANCHOR, ViewForm } from './forms';
import { AngleInput } from './inputs';
import { PanoFileForm } from './pano-file-form';
import { PanoPicker } from './pano-picker';
import { InfoPointCreate, NavPointCreate, PointList, type Direction } from './points';
import { editorAction, editorData } from './server';
import { TourSection } from './tour';
import { paramsOf } from '~/server/route-kit.server';

export const handle = {
  i18n: ['common', 'errors', 'validation', 'events', 'pages', 'files', 'access', 'roomseditor', 'roomsviewer'],
  title: 'roomseditor:list.title',
  breadcrumb: crumbsFrom<typeof loader>((d) => [{ label: d.room.name }]),
};
export const clientLoader = withNamespaces(handle.i18n);

/** One room's editor (issue 17; spec 000 point 2: the sales hub feature). */
export const guards = defineGuards({ organization: true, feature: 'salesHub' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { slug } = paramsOf(params, 'slug');
  return editorData(context, request, slug);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { slug } = paramsOf(params, 'slug');
  return editorAction(context, request, slug);
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Pano = Data['panos'][number];

/** Everything the action said about one form (a file field's error, its field and form errors), as one text. */
function problemsOf(answer: FormAnswer | undefined, form: string): string | undefined {
  const errors = Object.values(resultFor(answer, form)?.error ?? {}).flatMap((list) => list ?? []);
  const text = [errorFor(answer, form), ...errors].filter(Boolean).join(' ');
  return text || undefined;
}

const CONFIRM_TEXTS: Record<string, { title: string; message: string }> = {
  deletePano: { title: 'editor.deletePanoTitle', message: 'editor.deletePanoText' },
  deleteNav: { title: 'editor.deletePointTitle', message: 'editor.deletePointText' },
  deleteInfo: { title: 'editor.deletePointTitle', message: 'editor.deletePointText' },
  deleteStep: { title: 'editor.deleteStepTitle', message: 'editor.deleteStepText' },
  ...ACCESS_CONFIRM_TEXTS,
};

function Settings({ room, answer }: { room: Data['room']; answer: FormAnswer | undefined }) {
  const { t } = useTranslation('roomseditor');
  const pending = useIsPending();
  const [form, fields] = useRouteForm(SettingsForm, { id: 'settings', answer, defaultValue: { name: room.name } });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="settings" />
      <TextField field={fields.name} label={t('list.name')} className="min-w-56 flex-1" />
      <NativeSelect name="accessType" label={t('list.accessType')} defaultValue={room.accessType} options={ROOM_ACCESS_TYPES.map((value) => ({ value, label: t(`access.${value}`) }))} />
      <Button type="submit" isDisabled={pending}>
        {t('editor.save')}
      </Button>
      <FormErrors errors={form.errors} className="w-full" />
    </Form>
  );
}

function PanoRow({ pano, slug, selected, startPano, answer }: { pano: Pano; slug: string; selected: boolean; startPano: boolean; answer: FormAnswer | undefined }) {
  const { t } = useTranslation('roomseditor');
  const formId = `renamePano-${pano.id}`;
  const [form, fields] = useRouteForm(RenamePanoForm, { id: formId, answer, defaultValue: { name: pano.name } });
  return (
    <li className="flex flex-wrap items-start gap-4 py-4" data-pano={pano.name}>
      {pano.poster ? <img src={pano.poster} alt="" width={160} height={80} className="h-20 w-40 rounded object-cover" /> : null}
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <Link to={editorPath(slug, pano.id)} aria-current={selected ? 'true' : undefined} className={selected ? 'font-semibold' : 'underline'}>
            {selected ? t('editor.selected', { name: pano.name }) : t('editor.select', { name: pano.name })}
          </Link>
          <span className="text-sm text-gray-700">
            {pano.width} × {pano.height}
          </span>
          {startPano ? <span className="rounded bg-green-100 px-2 py-0.5 text-xs">{t('editor.startPano')}</span> : null}
          {pano.initialView ? null : <span className="rounded bg-yellow-100 px-2 py-0.5 text-xs">{t('editor.noView')}</span>}
          <EditorDelete intent="deletePano" id={pano.id} name={pano.name} texts="editor.deletePano" />
        </div>
        <div className="flex flex-wrap items-end gap-6">
          <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="renamePano" />
            <input type="hidden" name="id" value={pano.id} />
            <TextField field={fields.name} label={t('editor.panoName')} className="min-w-48" />
            <button type="submit" className={buttonClassName('whiteModal')}>
              {t('editor.renamePano')}
            </button>
            <FormErrors errors={form.errors} className="w-full" />
          </Form>
          <PanoFileForm intent="replacePano" id={pano.id} label={t('editor.replaceFile', { name: pano.name })} submit={t('editor.replace')} error={problemsOf(answer, `replacePano-${pano.id}`)} />
        </div>
      </div>
    </li>
  );
}

/** The selected pano's initial view: typed, or taken from the viewer's current view; and its reset. */
function InitialView({ pano, roomStartsHere, currentView, answer }: { pano: Pano; roomStartsHere: boolean; currentView: () => RoomViewAngles | null; answer: FormAnswer | undefined }) {
  const { t } = useTranslation('roomseditor');
  const hydrated = useHydrated();
  const pending = useIsPending();
  const [form, fields] = useRouteForm(ViewForm, { id: 'setView', lastResult: resultFor(answer, 'setView') });
  const start = pano.initialView ? anglesToDegrees(pano.initialView) : { azimuth: 0, polar: 90, focal: 35 };
  const [angles, setAngles] = useState({ azimuth: String(start.azimuth), polar: String(start.polar), focal: String(start.focal) });
  return (
    <div className="space-y-3" data-initial-view>
      <h3 className="font-semibold">{t('editor.view')}</h3>
      <p className="text-sm text-gray-700">{t('editor.viewIntro')}</p>
      <p className="text-sm" data-current-view>
        {pano.initialView ? t('editor.currentView', anglesToDegrees(pano.initialView)) : t('editor.noView')}
      </p>
      <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="setView" />
        <input type="hidden" name="panoId" value={pano.id} />
        <AngleInput name="azimuth" label={t('editor.azimuth')} min={-180} max={180} required value={angles.azimuth} onChange={(azimuth) => setAngles({ ...angles, azimuth })} errors={fields.azimuth.errors} />
        <AngleInput name="polar" label={t('editor.polar')} min={0} max={180} required value={angles.polar} onChange={(polar) => setAngles({ ...angles, polar })} errors={fields.polar.errors} />
        <AngleInput
          name="focal"
          label={t('editor.focal')}
          min={MIN_FOCAL_LENGTH}
          max={MAX_FOCAL_LENGTH}
          step={1}
          required
          value={angles.focal}
          onChange={(focal) => setAngles({ ...angles, focal })}
          errors={fields.focal.errors}
        />
        {hydrated ? (
          <Button
            variant="whiteModal"
            onPress={() => {
              const view = currentView();
              if (!view) return;
              const degrees = anglesToDegrees(view);
              setAngles({ azimuth: String(degrees.azimuth), polar: String(degrees.polar), focal: String(degrees.focal) });
            }}
          >
            {t('editor.takeView')}
          </Button>
        ) : null}
        <Checkbox name="roomInitial" value="on" defaultSelected={roomStartsHere}>
          {t('editor.roomInitial')}
        </Checkbox>
        <Button type="submit" isDisabled={pending}>
          {t('editor.setView')}
        </Button>
        <FormErrors errors={form.errors} className="w-full" />
      </Form>
      {pano.initialView ? (
        <Form method="post">
          <input type="hidden" name="intent" value="resetView" />
          <input type="hidden" name="panoId" value={pano.id} />
          <button type="submit" className={buttonClassName('whiteModal')}>
            {t('editor.resetView')}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export default function VirtualRoomEditorRoute() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as FormAnswer | undefined;
  const { t, i18n } = useTranslation('roomseditor');
  const { room, panos, selectedPanoId, steps, destinations, icons } = data;
  const selected = panos.find((pano) => pano.id === selectedPanoId) ?? null;
  const [direction, setDirection] = useState<Direction>({ azimuth: '0', elevation: '0' });
  const view = useRef<{ panoId: string; angles: RoomViewAngles } | null>(null);
  const onViewChange = useCallback((panoId: string, angles: RoomViewAngles) => {
    view.current = { panoId, angles };
  }, []);
  const currentView = useCallback(() => view.current?.angles ?? null, []);
  const currentPanoView = useCallback(() => (view.current && view.current.panoId === selectedPanoId ? view.current.angles : null), [selectedPanoId]);
  const onPick = useCallback((point: { x: number; y: number; z: number }) => {
    const picked = directionOfPoint(point);
    setDirection({ azimuth: String(picked.azimuth), elevation: String(picked.elevation) });
  }, []);
  // the selected pano lives in the URL alone (issue 24 item 14): the viewer's pano links, nav points and tour steps
  // change `?pano=`, and the heading and every form follow the loader's selection
  const navigate = useNavigate();
  const panoHref = useCallback((panoId: string) => editorPath(room.slug, panoId), [room.slug]);
  const selectPano = useCallback((panoId: string) => navigate(editorPath(room.slug, panoId), { preventScrollReset: true }), [navigate, room.slug]);
  const confirm = answer?.confirm ? CONFIRM_TEXTS[answer.confirm.intent] : undefined;
  const choices = {
    panos: panos.map((pano) => ({ id: pano.id, name: pano.name })),
    infoPoints: panos.flatMap((pano) => pano.infoPoints.map((point) => ({ id: point.id, name: point.name, panoName: pano.name }))),
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <BuilderHeader back="/virtual-rooms" backLabel={t('editor.back')} title={t('editor.title', { name: room.name })}>
        <a href={data.previewHref} target="_blank" rel="noreferrer" className={`mt-3 inline-block ${buttonClassName('whiteModal')}`} data-preview>
          {t('editor.preview')}
        </a>
      </BuilderHeader>
      {answer?.confirm && confirm ? <ConfirmStep confirm={answer.confirm} title={t(confirm.title)} message={t(confirm.message, { name: answer.confirm.name })} /> : null}

      <PageSection id="room-settings" title={t('editor.settings')}>
        <Settings room={room} answer={answer} />
      </PageSection>

      <AccessSection permissionType={room.accessType} tokens={data.access.tokens} permissions={data.access.permissions} answer={answer} />

      <PageSection id="room-panos" title={t('editor.panos')} intro={t('editor.panosIntro')}>
        {panos.length ? (
          <ul className="mt-3 divide-y">
            {panos.map((pano) => (
              <PanoRow key={pano.id} pano={pano} slug={room.slug} selected={pano.id === selectedPanoId} startPano={pano.id === room.initialPanoId} answer={answer} />
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-gray-700">{t('editor.noPanos')}</p>
        )}
        <div className="mt-4 border-t pt-4">
          <h3 className="mb-2 font-semibold">{t('editor.upload')}</h3>
          <PanoFileForm intent="uploadPano" label={t('editor.file')} submit={t('editor.upload')} error={problemsOf(answer, 'uploadPano')}>
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t('editor.uploadName')}
              <input name="name" maxLength={200} className="rounded-md border border-gray-300 px-3 py-2 font-normal" />
            </label>
          </PanoFileForm>
        </div>
      </PageSection>

      {selected ? (
        <PageSection id="room-pano" title={t('editor.selected', { name: selected.name })}>
          <div className="mt-3 space-y-6">
            <RoomViewer
              room={data.view}
              lang={i18n.language}
              mode="edit"
              initialPanoId={selected.id}
              onSelectPano={selectPano}
              panoHref={panoHref}
              onPick={onPick}
              onViewChange={onViewChange}
            />
            <PanoPicker
              name={selected.name}
              poster={selected.poster}
              points={[...selected.navPoints.map((p) => ({ ...p, kind: 'nav' as const })), ...selected.infoPoints.map((p) => ({ ...p, kind: 'info' as const }))]}
              onPick={(spot) => setDirection({ azimuth: String(spot.azimuth), elevation: String(spot.elevation) })}
            />
            <InitialView key={`view-${selected.id}`} pano={selected} roomStartsHere={!room.initialPanoId || room.initialPanoId === selected.id} currentView={currentPanoView} answer={answer} />
            <div className="grid gap-6 lg:grid-cols-2">
              <NavPointCreate panoId={selected.id} direction={direction} onDirection={setDirection} icons={icons} answer={answer} destinations={destinations} panoCount={panos.length} />
              <InfoPointCreate panoId={selected.id} direction={direction} onDirection={setDirection} icons={icons} answer={answer} pages={destinations.contentPages} />
            </div>
            <div className="grid gap-6 lg:grid-cols-2">
              <PointList points={selected.navPoints} intent="deleteNav" title={t('editor.navPoints')} panoId={selected.id} />
              <PointList points={selected.infoPoints} intent="deleteInfo" title={t('editor.infoPoints')} panoId={selected.id} />
            </div>
          </div>
        </PageSection>
      ) : null}

      <section id={TOUR_ANCHOR} aria-labelledby="room-editor-tour-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="room-editor-tour-title" className="text-lg font-semibold">
          {t('editor.tour')}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{t('editor.tourIntro')}</p>
        <TourSection steps={steps} choices={choices} defaultPanoId={selectedPanoId} currentView={currentView} answer={answer} />
      </section>
    </div>
  );
}
