import { getFormProps, type FormMetadata } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '~/components/conventions/native-select';
import { ConfirmStep } from '~/components/events/confirm-delete';
import { EditorDelete } from '~/components/virtual-rooms/editor-delete';
import { Button, buttonClassName } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { FormErrors, PageSection, resultFor, useIsPending, useRouteForm } from '~/components/ui/route-form';
import { useHydrated } from '~/components/ui/use-hydrated';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import type { FormAnswer } from '~/lib/route-kit';
import { ROOM_ACCESS_TYPES } from '~/lib/virtual-rooms/editor';
import type { RoomAccessType } from '~/lib/virtual-rooms/view';
import { runGuards } from '~/server/guards.server';
import { AccessRoomForm, CreateRoomForm, HERE, RenameRoomForm } from './forms';
import { roomListAction, roomListData } from './server';

export const handle = { i18n: ['common', 'errors', 'validation', 'events', 'roomseditor'], title: 'roomseditor:list.title' };
export const clientLoader = withNamespaces(handle.i18n);

/** Sales reps' virtual rooms (spec 000 point 2: the sales hub feature). */
export const guards = defineGuards({ organization: true, feature: 'salesHub' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return roomListData(context, request);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return roomListAction(context, request);
}

type Answer = (FormAnswer & { link?: undefined }) | { form: string; link: string; confirm?: undefined; result?: undefined };
type Row = ReturnType<typeof useLoaderData<typeof loader>>['rooms'][number];

function useAccessOptions() {
  const { t } = useTranslation('roomseditor');
  return ROOM_ACCESS_TYPES.map((value) => ({ value, label: t(`access.${value}`) }));
}

function CreateRoom({ answer }: { answer: Answer | undefined }) {
  const { t } = useTranslation('roomseditor');
  const pending = useIsPending();
  const [form, fields] = useRouteForm(CreateRoomForm, { id: 'create', lastResult: resultFor(answer as FormAnswer, 'create') });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="create" />
      <TextField field={fields.name} label={t('list.name')} className="min-w-56 flex-1" />
      <NativeSelect name="accessType" label={t('list.accessType')} options={useAccessOptions()} defaultValue="PUBLIC" />
      <Button type="submit" isDisabled={pending}>
        {t('list.createButton')}
      </Button>
      <FormErrors errors={form.errors} className="w-full" />
    </Form>
  );
}

/** One form of a room's row: its intent and the room's id, the field, the submit button and the form's errors. */
function RoomRowForm<S extends Record<string, unknown>>({ form, intent, room, submit, children }: { form: FormMetadata<S, string[]>; intent: string; room: Row; submit: string; children: React.ReactNode }) {
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={room.id} />
      {children}
      <button type="submit" className={buttonClassName('whiteModal')}>
        {submit}
      </button>
      <FormErrors errors={form.errors} className="w-full" />
    </Form>
  );
}

function RenameRoom({ room, answer }: { room: Row; answer: Answer | undefined }) {
  const { t } = useTranslation('roomseditor');
  const id = `rename-${room.id}`;
  const [form, fields] = useRouteForm(RenameRoomForm, { id, lastResult: resultFor(answer as FormAnswer, id), defaultValue: { name: room.name } });
  return (
    <RoomRowForm form={form} intent="rename" room={room} submit={t('list.rename')}>
      <TextField field={fields.name} label={t('list.renameLabel', { name: room.name })} className="min-w-48" />
    </RoomRowForm>
  );
}

function AccessOfRoom({ room, answer }: { room: Row; answer: Answer | undefined }) {
  const { t } = useTranslation('roomseditor');
  const id = `access-${room.id}`;
  const [form] = useRouteForm(AccessRoomForm, { id, lastResult: resultFor(answer as FormAnswer, id) });
  return (
    <RoomRowForm form={form} intent="access" room={room} submit={t('list.saveAccess')}>
      <NativeSelect name="accessType" label={t('list.accessLabel', { name: room.name })} options={useAccessOptions()} defaultValue={room.accessType as RoomAccessType} />
    </RoomRowForm>
  );
}

/**
 * "Copy link": with JavaScript the link goes to the clipboard and a status line says "link copied" (or "copy link
 * failed"); without it the form asks the server for the link (virtualRoomSlug) and shows it to copy by hand.
 */
function CopyLink({ room, answer }: { room: Row; answer: Answer | undefined }) {
  const { t } = useTranslation('roomseditor');
  const hydrated = useHydrated();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const shown = answer?.link && answer.form === `link-${room.id}` ? answer.link : null;
  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(room.link);
      setStatus({ ok: true, text: t('messages.linkCopied') });
    } catch {
      setStatus({ ok: false, text: t('messages.copyLinkFailed') });
    }
  }
  return (
    <div className="flex flex-col gap-1">
      {hydrated ? (
        <Button variant="whiteModal" aria-label={t('list.copyLinkNamed', { name: room.name })} onPress={() => void copy()}>
          {t('list.copyLink')}
        </Button>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="link" />
          <input type="hidden" name="id" value={room.id} />
          <button type="submit" aria-label={t('list.showLinkNamed', { name: room.name })} className={buttonClassName('whiteModal')}>
            {t('list.showLink')}
          </button>
        </Form>
      )}
      {shown ? (
        <label className="text-sm">
          {t('list.link', { name: room.name })}
          <input readOnly value={shown} className="ml-2 w-80 rounded border px-2 py-1" onFocus={(event) => event.currentTarget.select()} />
        </label>
      ) : null}
      <p role="status" className={`text-sm ${status?.ok === false ? 'text-brand-red' : 'text-gray-700'}`} data-copy-status={room.slug}>
        {status?.text ?? ''}
      </p>
    </div>
  );
}

export default function VirtualRoomsRoute() {
  const { rooms, offset, pageSize, hasNextPage } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const { t } = useTranslation('roomseditor');
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('list.title')}</h1>
        <p className="mt-1 text-gray-700">{t('list.intro')}</p>
      </header>
      {answer?.confirm ? (
        <ConfirmStep confirm={answer.confirm} title={t('list.deleteTitle')} message={t('list.deleteText', { name: answer.confirm.name })} />
      ) : null}
      <PageSection id="create-room" title={t('list.create')}>
        <CreateRoom answer={answer} />
      </PageSection>
      <PageSection id="room-list" title={t('list.yours')}>
        {rooms.length ? (
          <ul className="mt-3 divide-y">
            {rooms.map((room) => (
              <li key={room.id} className="flex flex-col gap-3 py-4" data-room={room.slug}>
                <div className="flex flex-wrap items-center gap-3">
                  <Link to={`${HERE}/${encodeURIComponent(room.slug)}`} className="text-lg font-medium underline">
                    <span className="sr-only">{t('list.open', { name: room.name })}</span>
                    <span aria-hidden="true">{room.name}</span>
                  </Link>
                  <span className="text-sm text-gray-700">{t('list.panoCount', { count: room.panoCount })}</span>
                  <span className="text-sm text-gray-700">{t(`access.${room.accessType}`)}</span>
                  {room.setupComplete ? null : <span className="rounded bg-yellow-100 px-2 py-0.5 text-xs">{t('list.setupIncomplete')}</span>}
                  <EditorDelete intent="delete" id={room.id} name={room.name} texts="list.delete" />
                </div>
                <div className="flex flex-wrap items-start gap-6">
                  <RenameRoom room={room} answer={answer} />
                  <AccessOfRoom room={room} answer={answer} />
                  <CopyLink room={room} answer={answer} />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-gray-700">{t('list.empty')}</p>
        )}
        <nav className="mt-3 flex gap-3 text-sm">
          {offset > 0 ? <Link to={`${HERE}?offset=${Math.max(0, offset - pageSize)}`}>{t('list.previous')}</Link> : null}
          {hasNextPage ? <Link to={`${HERE}?offset=${offset + pageSize}`}>{t('list.next')}</Link> : null}
        </nav>
      </PageSection>
    </div>
  );
}
