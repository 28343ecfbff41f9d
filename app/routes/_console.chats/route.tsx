import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageList } from '~/components/chats/message-list';
import { publishChatUnread } from '~/components/chats/unread-badge';
import { NativeSelect } from '~/components/conventions/native-select';
import { buttonClassName } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { NumberField, TextArea, TextField } from '~/components/ui/field';
import { FormErrors, PageHeader, PageSection, SubmitButton, useRouteForm } from '~/components/ui/route-form';
import { useHydrated } from '~/components/ui/use-hydrated';
import { formatDateValue } from '~/lib/format';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import type { FormAnswer } from '~/lib/route-kit';
import { runGuards } from '~/server/guards.server';
import { listQuery, ReplyForm, SettingsForm, VIEWS } from './forms';
import { chatsAction, chatsData } from './server';

export const handle = { i18n: ['common', 'errors', 'validation', 'chats'], title: 'chats:console.title' };
export const clientLoader = withNamespaces(handle.i18n);

/** Chats of the organisation (spec 000 point 2: the chat feature). */
export const guards = defineGuards({ organization: true, feature: 'chats' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return chatsData(context, request);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return chatsAction(context, request);
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Conversation = Data['conversations'][number];

// the live part (graphql-ws, notifications) loads after hydration only
const ConsoleLive = lazy(() => import('~/components/chats/console-live'));

function Presence({ data }: { data: Data }) {
  const { t } = useTranslation('chats');
  if (!data.me) return <p className="text-sm text-gray-700">{t('console.notOperator')}</p>;
  return (
    <div className="flex flex-wrap items-start gap-6">
      <Form method="post" className="flex items-center gap-3">
        <input type="hidden" name="intent" value="presence" />
        <input type="hidden" name="online" value={data.me.online ? 'false' : 'true'} />
        <span className="text-sm" data-testid="presence">
          <span aria-hidden="true" className={`mr-1 inline-block h-2.5 w-2.5 rounded-full ${data.me.online ? 'bg-brand-green' : 'bg-gray-400'}`} />
          {data.me.online ? t('console.youAreOnline') : t('console.youAreOffline')}
        </span>
        <button type="submit" className={buttonClassName('outline')}>
          {data.me.online ? t('console.goOffline') : t('console.goOnline')}
        </button>
      </Form>
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="notifications" />
        <fieldset className="flex flex-wrap gap-4">
          <legend className="sr-only">{t('console.notifications')}</legend>
          <Checkbox name="sound" defaultSelected={data.me.notifySound}>
            {t('console.notifySound')}
          </Checkbox>
          <Checkbox name="browser" defaultSelected={data.me.notifyBrowser} onChange={(on) => (on ? askNotificationPermission() : undefined)}>
            {t('console.notifyBrowser')}
          </Checkbox>
        </fieldset>
        <button type="submit" className={buttonClassName('whiteModal')}>
          {t('console.saveNotifications')}
        </button>
      </Form>
    </div>
  );
}

/** The browser's permission for notifications, asked when the operator turns them on (never unasked). */
function askNotificationPermission() {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') void Notification.requestPermission();
}

function Views({ data }: { data: Data }) {
  const { t } = useTranslation('chats');
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <nav aria-label={t('console.views')}>
        <ul className="flex flex-wrap gap-1">
          {VIEWS.map((view) => (
            <li key={view}>
              <Link
                to={listQuery({ view, q: data.search })}
                aria-current={data.view === view ? 'page' : undefined}
                className={`inline-block rounded-md px-3 py-1.5 text-sm ${data.view === view ? 'bg-brand-dark text-white' : 'hover:bg-brand-dark/5'}`}
              >
                {t(`views.${view}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" role="search" className="flex items-end gap-2">
        {data.view !== 'QUEUE' ? <input type="hidden" name="view" value={data.view} /> : null}
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('console.search')}
          <input type="search" name="q" defaultValue={data.search} maxLength={200} className="rounded-md border border-gray-300 px-3 py-2" />
        </label>
        <button type="submit" className={buttonClassName('whiteModal')}>
          {t('console.searchButton')}
        </button>
      </Form>
    </div>
  );
}

function ConversationList({ data }: { data: Data }) {
  const { t } = useTranslation('chats');
  if (!data.conversations.length) return <p className="mt-3 text-sm text-gray-700">{data.search ? t('console.noMatches') : t(`console.empty.${data.view}`)}</p>;
  return (
    <>
      <ul className="mt-3 divide-y" data-testid="chat-list">
        {data.conversations.map((c: Conversation) => {
          const unread = data.unread.byConversation[c.id] ?? 0;
          return (
            <li key={c.id} data-conversation={c.id} data-state={c.state}>
              <Link
                to={listQuery({ view: data.view, q: data.search, after: data.after, c: c.id })}
                aria-current={data.open?.id === c.id ? 'true' : undefined}
                className={`block px-2 py-2 hover:bg-brand-dark/5 ${data.open?.id === c.id ? 'bg-brand-grey' : ''}`}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="font-medium">{c.visitorName || t('console.anonymous')}</span>
                  {unread ? (
                    <span className="rounded-full bg-brand-pink-text px-2 text-xs text-white" aria-label={t('console.unreadCount', { count: unread })}>
                      {unread}
                    </span>
                  ) : null}
                </span>
                <span className="block truncate text-sm text-gray-700">{c.lastMessage}</span>
                <span className="block text-xs text-gray-600">
                  {t(`state.${c.state}`)}
                  {c.operatorName ? ` · ${c.operatorName}` : ''}
                  {c.lastMessageAt ? ` · ${formatDateValue(c.lastMessageAt, 'dateTime', data.language)}` : ''}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <nav aria-label={t('console.pages')} className="mt-3 flex gap-4 text-sm">
        {data.after ? (
          <Link to={listQuery({ view: data.view, q: data.search })} className="underline">
            {t('console.firstPage')}
          </Link>
        ) : null}
        {data.nextCursor ? (
          <Link to={listQuery({ view: data.view, q: data.search, after: data.nextCursor })} className="underline">
            {t('console.nextPage')}
          </Link>
        ) : null}
      </nav>
    </>
  );
}

function ConversationActions({ data, conversation }: { data: Data; conversation: NonNullable<Data['open']> }) {
  const { t } = useTranslation('chats');
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={conversation.id} />
    </>
  );
  const others = data.settings.operators.filter((o) => o.userId !== conversation.operatorUserId);
  return (
    <div className="flex flex-wrap items-end gap-3">
      {conversation.state === 'UNCLAIMED' ? (
        <Form method="post">
          {hidden('claim')}
          <button type="submit" className={buttonClassName('standardNoMt')}>
            {t('console.claim')}
          </button>
        </Form>
      ) : null}
      {data.isAdmin && conversation.state !== 'ARCHIVED' && others.length ? (
        <Form method="post" className="flex items-end gap-2">
          {hidden('handOver')}
          <NativeSelect name="userId" label={t('console.handOverTo')} options={others.map((o) => ({ value: o.userId, label: o.name }))} />
          <button type="submit" className={buttonClassName('whiteModal')}>
            {t('console.handOver')}
          </button>
        </Form>
      ) : null}
      {conversation.state !== 'ARCHIVED' ? (
        <Form method="post">
          {hidden('archive')}
          <button type="submit" className={buttonClassName('whiteModal')}>
            {t('console.archive')}
          </button>
        </Form>
      ) : null}
      {conversation.leadId ? (
        <Link to="/leads" className="text-sm underline">
          {t('console.leadExists')}
        </Link>
      ) : (
        <Form method="post">
          {hidden('createLead')}
          <button type="submit" className={buttonClassName('whiteModal')}>
            {t('console.createLead')}
          </button>
        </Form>
      )}
    </div>
  );
}

function Reply({ conversation, answer }: { conversation: NonNullable<Data['open']>; answer: FormAnswer | undefined }) {
  const { t } = useTranslation('chats');
  const [form, fields] = useRouteForm(ReplyForm, { id: 'reply', answer });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-2">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="id" value={conversation.id} />
      <TextArea field={fields.body} label={t('console.reply')} rows={3} />
      <FormErrors errors={form.errors} />
      <SubmitButton>{t('console.send')}</SubmitButton>
    </Form>
  );
}

function OpenConversation({ data, answer }: { data: Data; answer: FormAnswer | undefined }) {
  const { t } = useTranslation('chats');
  const c = data.open;
  if (!c) return <p className="text-sm text-gray-700">{t('console.pick')}</p>;
  return (
    <article aria-labelledby="conversation-title" data-testid="conversation" data-state={c.state}>
      <h3 id="conversation-title" className="text-lg font-semibold">
        {c.visitorName || t('console.anonymous')}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {c.visitorEmail ? (
          <>
            <dt className="text-gray-600">{t('context.email')}</dt>
            <dd>
              <a href={`mailto:${c.visitorEmail}`} className="underline">
                {c.visitorEmail}
              </a>
              {c.guest ? ` (${t('context.guest')})` : ''}
            </dd>
          </>
        ) : null}
        <dt className="text-gray-600">{t('context.state')}</dt>
        <dd data-testid="conversation-state">
          {t(`state.${c.state}`)}
          {c.operatorName ? ` · ${t('context.handledBy', { name: c.operatorName })}` : ''}
        </dd>
        {c.conventionTitle ? (
          <>
            <dt className="text-gray-600">{t('context.convention')}</dt>
            <dd>{c.conventionTitle}</dd>
          </>
        ) : null}
        {c.standName ? (
          <>
            <dt className="text-gray-600">{t('context.stand')}</dt>
            <dd>{c.standName}</dd>
          </>
        ) : null}
        {c.sourcePath ? (
          <>
            <dt className="text-gray-600">{t('context.page')}</dt>
            <dd>
              <a href={c.sourcePath} className="break-all underline">
                {c.sourcePath}
              </a>
            </dd>
          </>
        ) : null}
        <dt className="text-gray-600">{t('context.lead')}</dt>
        <dd>{c.leadId ? t('context.leadYes') : t('context.leadNo')}</dd>
      </dl>
      <div className="mt-3">
        <ConversationActions data={data} conversation={c} />
      </div>
      <div className="mt-4 max-h-[28rem] overflow-y-auto rounded-md border p-3">
        <MessageList messages={c.messages} own="OPERATOR" language={data.language} />
        <span id="chat-bottom" />
      </div>
      {c.state === 'ARCHIVED' ? <p className="mt-3 text-sm text-gray-700">{t('console.archivedReadOnly')}</p> : <Reply key={c.id} conversation={c} answer={answer} />}
    </article>
  );
}

function Settings({ data, answer }: { data: Data; answer: FormAnswer | undefined }) {
  const { t } = useTranslation('chats');
  const s = data.settings;
  const [form, fields] = useRouteForm(SettingsForm, {
    id: 'settings',
    answer,
    defaultValue: { requeueAfterMinutes: s.requeueAfterMinutes, supportUrl: s.supportUrl },
  });
  if (!data.isAdmin) {
    return (
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-600">{t('settings.enabled')}</dt>
        <dd>{s.enabled ? t('settings.yes') : t('settings.no')}</dd>
        <dt className="text-gray-600">{t('settings.operators')}</dt>
        <dd>{s.operators.map((o) => o.name).join(', ') || t('settings.noOperators')}</dd>
      </dl>
    );
  }
  const operatorOf = new Map(s.operators.map((o) => [o.userId, o]));
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
      <input type="hidden" name="intent" value="settings" />
      <div className="flex flex-col gap-2">
        <Checkbox name="enabled" defaultSelected={s.enabled}>
          {t('settings.enabled')}
        </Checkbox>
        <Checkbox name="allowGuests" defaultSelected={s.allowGuests}>
          {t('settings.allowGuests')}
        </Checkbox>
        <Checkbox name="offlineMessageEnabled" defaultSelected={s.offlineMessageEnabled}>
          {t('settings.offlineMessage')}
        </Checkbox>
      </div>
      <div className="flex flex-wrap gap-3">
        <NumberField field={fields.requeueAfterMinutes} label={t('settings.requeueAfterMinutes')} description={t('settings.requeueHint')} />
        <TextField type="url" field={fields.supportUrl} label={t('settings.supportUrl')} description={t('settings.supportUrlHint')} className="min-w-[20rem] flex-1" />
      </div>
      <fieldset>
        <legend className="text-sm font-semibold">{t('settings.operators')}</legend>
        <p className="text-xs text-gray-600">{t('settings.operatorsHint')}</p>
        <ul className="mt-2 space-y-2">
          {data.members.map((member) => {
            const operator = operatorOf.get(member.userId);
            return (
              <li key={member.userId} className="flex flex-wrap items-center gap-3" data-member={member.userId}>
                <Checkbox name="operator" value={member.userId} defaultSelected={Boolean(operator)} className="w-64">
                  {member.name}
                </Checkbox>
                <label className="flex items-center gap-2 text-sm">
                  {t('settings.capacity')}
                  <input
                    type="number"
                    name={`capacity-${member.userId}`}
                    min={1}
                    max={100}
                    defaultValue={operator?.capacity ?? 5}
                    aria-label={t('settings.capacityOf', { name: member.name })}
                    className="w-20 rounded-md border border-gray-300 px-2 py-1"
                  />
                </label>
                {operator ? <span className="text-xs text-gray-600">{operator.online ? t('settings.online') : t('settings.offline')}</span> : null}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <FormErrors errors={form.errors} />
      <SubmitButton>{t('settings.save')}</SubmitButton>
    </Form>
  );
}

export default function ChatsRoute() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as FormAnswer | undefined;
  const { t } = useTranslation('chats');
  const hydrated = useHydrated();
  // the sidebar's badge follows the page's data (loaded again live)
  useEffect(() => publishChatUnread(data.unread.total), [data.unread.total]);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader title={t('console.title')} intro={t('console.intro')} />
      {data.settings.enabled ? null : (
        <p role="status" className="rounded-md border border-brand-pink-text bg-white p-3 text-sm">
          {t('console.chatOff')}
        </p>
      )}
      <PageSection id="presence" title={t('console.presence')}>
        <div className="mt-3">
          <Presence data={data} />
        </div>
      </PageSection>
      <PageSection id="conversations" title={t('console.conversations')}>
        <div className="mt-3 space-y-3">
          <Views data={data} />
          <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
            <div>
              <h3 className="sr-only">{t(`views.${data.view}`)}</h3>
              <ConversationList data={data} />
            </div>
            <OpenConversation data={data} answer={answer} />
          </div>
        </div>
      </PageSection>
      <PageSection id="settings" title={t('settings.title')} intro={t('settings.intro')}>
        <Settings data={data} answer={answer} />
      </PageSection>
      {hydrated ? (
        <Suspense fallback={null}>
          <ConsoleLive
            organizationId={data.organizationId}
            openConversationId={data.open?.id ?? null}
            lastSeq={data.open?.messages.at(-1)?.seq ?? null}
            unread={data.unread.total}
            notifySound={Boolean(data.me?.notifySound)}
            notifyBrowser={Boolean(data.me?.notifyBrowser)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
