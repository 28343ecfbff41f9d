import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageList } from '~/components/chats/message-list';
import { buttonClassName } from '~/components/ui/button-styles';
import { useHydrated } from '~/components/ui/use-hydrated';
import { conventionPageTitle } from '~/components/visitor/convention-info';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { paramsOf } from '~/server/route-kit.server';
import { visitorChatsAction, visitorChatsData } from '~/server/pages/chats.server';

/** The chats page is the chat itself: no widget on it (`chat: false`). */
export const handle = { i18n: ['common', 'errors', 'validation', 'visitor', 'chats'], chat: false };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: conventionPageTitle(matches, data?.title) }];

/** The convention's access type applies (spec 001 point 6); the conversations are the visitor's own. */
export const guards = defineGuards({ public: true, permission: { kind: 'convention', param: 'conventionslug' } });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return visitorChatsData(context, request, paramsOf(params, 'conventionslug').conventionslug);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return visitorChatsAction(context, request, paramsOf(params, 'conventionslug').conventionslug);
}

const ConversationLive = lazy(() => import('~/components/chats/conversation-live'));

/**
 * /convention/{slug}/chats (spec 000 point 2): the visitor's conversations with the convention's exhibitors and the
 * open one with a reply form. Works without JavaScript (post and reload); with it, new messages arrive live.
 */
export default function ConventionChats() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation('chats');
  const hydrated = useHydrated();
  const base = `/convention/${data.conventionSlug}/chats`;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-brand-dark lg:text-3xl">{t('visitor.title')}</h1>
        <p className="mt-1 text-gray-700">{t('visitor.intro')}</p>
      </header>
      {!data.loggedIn ? (
        <section className="rounded-lg bg-white p-4 shadow-sm">
          <p>{t('visitor.loginFirst')}</p>
          <a href={data.loginPath} className={`${buttonClassName('standardNoMt')} mt-3`}>
            {t('visitor.login')}
          </a>
        </section>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
          <section aria-labelledby="chats-list" className="rounded-lg bg-white p-4 shadow-sm">
            <h2 id="chats-list" className="text-lg font-semibold">
              {t('visitor.list')}
            </h2>
            {data.conversations.length ? (
              <ul className="mt-2 divide-y" data-testid="visitor-chat-list">
                {data.conversations.map((c) => (
                  <li key={c.id}>
                    <Link
                      to={`${base}?c=${c.id}`}
                      aria-current={data.open?.id === c.id ? 'true' : undefined}
                      className={`block px-2 py-2 hover:bg-brand-dark/5 ${data.open?.id === c.id ? 'bg-brand-grey' : ''}`}
                    >
                      <span className="block font-medium">{c.organizationName}</span>
                      <span className="block truncate text-sm text-gray-700">{c.lastMessage}</span>
                      <span className="block text-xs text-gray-600">{t(`state.${c.state}`)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-gray-700">{t('visitor.none')}</p>
            )}
          </section>
          <section aria-labelledby="chat-open" className="rounded-lg bg-white p-4 shadow-sm">
            {data.open ? (
              <>
                <h2 id="chat-open" className="text-lg font-semibold">
                  {t('visitor.with', { name: data.open.organizationName })}
                </h2>
                {data.open.state === 'ARCHIVED' ? <p className="mt-1 text-sm text-gray-700">{t('visitor.archivedNote')}</p> : null}
                <div className="mt-3 max-h-[28rem] overflow-y-auto rounded-md border p-3">
                  <MessageList messages={data.open.messages} own="VISITOR" language={i18n.language} />
                </div>
                <Form method="post" className="mt-3 space-y-2">
                  <input type="hidden" name="intent" value="send" />
                  <input type="hidden" name="conversationId" value={data.open.id} />
                  <label className="flex flex-col gap-1 text-sm font-medium">
                    {t('visitor.reply')}
                    <textarea
                      name="body"
                      rows={3}
                      maxLength={4000}
                      required
                      aria-invalid={answer && !answer.ok ? true : undefined}
                      aria-describedby={answer && !answer.ok ? 'chat-reply-error' : undefined}
                      className="rounded-md border border-gray-300 px-3 py-2"
                    />
                  </label>
                  {answer && !answer.ok ? (
                    <p id="chat-reply-error" role="alert" className="text-sm text-brand-red">
                      {answer.message}
                    </p>
                  ) : null}
                  <button type="submit" className={buttonClassName('standardNoMt')}>
                    {t('visitor.send')}
                  </button>
                </Form>
                {hydrated ? (
                  <Suspense fallback={null}>
                    <ConversationLive key={data.open.id} conversationId={data.open.id} lastSeq={data.open.messages.at(-1)?.seq ?? null} />
                  </Suspense>
                ) : null}
              </>
            ) : (
              <p id="chat-open" className="text-sm text-gray-700">
                {data.conversations.length ? t('visitor.pick') : t('visitor.none')}
              </p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
