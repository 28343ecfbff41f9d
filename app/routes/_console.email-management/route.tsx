import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { titleFromLoader } from '~/components/auth/auth-form';
import { buttonClassName } from '~/components/ui/button';
import { FormErrors, PageHeader, PageSection, SubmitButton } from '~/components/ui/route-form';
import { TableHead } from '~/components/ui/table';
import { EMAIL_COLOR_MIN_CONTRAST, EMAIL_DEFAULT_COLOR, templateDef } from '~/lib/email/templates';
import { formatDateTime } from '~/lib/format';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { LANGUAGES, type Language } from '~/lib/language';
import { ResetForm, RetryForm, SettingsForm, TestMailForm, TranslationsForm } from '~/lib/schemas/email';
import { contrastRatio, isHexColor } from '~/lib/schemas/personalization';
import { runGuards } from '~/server/guards.server';
import { answer, intentOf, intentsOf, listAction, readPostedForm, submitForm } from '~/server/route-kit.server';
import { retryDelivery, sendTestMail, updateEmailSettings, updateEmailTranslatables } from '~/server/services/email';
import { DomainError, isDomainError } from '~/server/services/errors';
import { redirectWithToast } from '~/server/toast.server';
import { emailManagementPage, pageQuery } from './server';

/**
 * /email-management (issue 29; spec 000 point 2, email feature): the organisation's mails, one at a time with its
 * texts in DE and EN side by side (the default beside each own text, reset to default), a preview in a sandboxed
 * frame at desktop or phone width in either language with sample data (live while typing when scripts run),
 * "send me a test mail", the look and sender settings and the delivery log with retry. Works without JavaScript.
 */

export const handle = { i18n: ['common', 'errors', 'validation', 'email'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction = titleFromLoader;

export const guards = defineGuards({ organization: true, feature: 'email' });

const Intents = intentsOf(['texts', 'reset', 'test', 'settings', 'retry']);
const HERE = '/email-management';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const page = await emailManagementPage(context.service, pageQuery(new URL(request.url)));
  return { title: context.service.t('email:title'), ...page };
}

/** Back to the page as it was (the mail, language and width shown), without a page of the log. */
function backTo(request: Request, mail?: string): string {
  const query = pageQuery(new URL(request.url));
  const search = new URLSearchParams({ mail: mail ?? query.mail, preview: query.lang, width: query.width });
  return `${HERE}?${search.toString()}`;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const posted = await readPostedForm(request, context, ['settings']);
  const { formData } = posted;
  const { intent } = intentOf(formData, Intents);
  const ctx = context.service;

  if (intent === 'texts') {
    const done = await submitForm(context, formData, 'texts', TranslationsForm, async (value) => {
      const messages = templateDef(value.template).messages;
      const translations = LANGUAGES.flatMap((lang) => messages.map((m) => ({ template: value.template, msgId: m.id, lang, msg: value[lang][m.id] ?? '' })));
      try {
        return await updateEmailTranslatables(ctx, translations);
      } catch (error) {
        // the service names `translations.{i}.msg`; the page's field is `{lang}.{msgId}`
        const index = isDomainError(error) ? /^translations\.(\d+)\./.exec(error.errors[0]?.field ?? '')?.[1] : undefined;
        if (!isDomainError(error) || index === undefined) throw error;
        const t = translations[Number(index)];
        throw new DomainError(error.code, error.message, `${t.lang}.${t.msgId}`);
      }
    });
    if (!done.ok) return done.answer;
    return redirectWithToast(backTo(request, done.input.template), { type: 'success', key: 'email:texts.saved' });
  }

  if (intent === 'reset') {
    const done = await submitForm(context, formData, 'reset', ResetForm, (v) =>
      updateEmailTranslatables(ctx, [{ template: v.template, msgId: v.msgId, lang: v.lang, msg: '' }]),
    );
    if (!done.ok) return done.answer;
    return redirectWithToast(backTo(request, done.input.template), { type: 'success', key: 'email:texts.resetDone' });
  }

  if (intent === 'test') {
    const done = await submitForm(context, formData, 'test', TestMailForm, (v) => sendTestMail(ctx, { template: v.template, lang: v.lang }));
    if (!done.ok) return done.answer;
    return redirectWithToast(backTo(request, done.input.template), { type: 'success', key: 'email:test.sent', values: { email: done.value } });
  }

  if (intent === 'settings') {
    if (posted.failure) return answer({ form: 'settings', result: { status: 'error', error: { header: [posted.failure.message] } } });
    const done = await submitForm(context, formData, 'settings', SettingsForm, (v) =>
      updateEmailSettings(ctx, {
        color: v.color ?? '',
        senderName: v.senderName ?? '',
        replyTo: v.replyTo ?? '',
        ...(posted.uploaded ? { headerImageId: posted.uploaded.id } : v.removeHeader ? { headerImageId: null } : {}),
      }),
    );
    if (!done.ok) return done.answer;
    return redirectWithToast(backTo(request), { type: 'success', key: 'email:settings.saved' });
  }

  const retry = RetryForm.safeParse(Object.fromEntries(formData));
  if (!retry.success) throw new Response('Bad Request', { status: 400 });
  return listAction(`${backTo(request)}#log`, () => retryDelivery(ctx, retry.data.id), { key: 'email:log.retried' });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type ActionData = ReturnType<typeof useActionData<typeof action>>;

function fieldErrors(actionData: ActionData, form: string): Record<string, string[] | null | undefined> {
  if (!actionData || !('form' in actionData) || actionData.form !== form) return {};
  return (actionData.result?.error ?? {}) as Record<string, string[] | null | undefined>;
}

export default function EmailManagementPage() {
  const { t } = useTranslation('email');
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [draftHtml, setDraftHtml] = useState<string | null>(null);
  useEffect(() => setDraftHtml(null), [data.preview.html]);
  const { query } = data;
  const link = (changes: Partial<Record<'mail' | 'preview' | 'width' | 'page', string>>) =>
    `${HERE}?${new URLSearchParams({ mail: query.mail, preview: query.lang, width: query.width, ...changes }).toString()}`;

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <PageHeader title={t('title')} intro={t('intro')} />

      <PageSection id="mails" title={t('list.heading')}>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {data.mails.map((mail) => (
            <li key={mail.key}>
              <Link
                to={link({ mail: mail.key })}
                aria-current={mail.key === query.mail ? 'page' : undefined}
                className={`block rounded-md border px-4 py-3 hover:bg-brand-grey ${mail.key === query.mail ? 'border-brand-dark font-semibold' : 'border-gray-200'}`}
              >
                {t(`templates.${mail.key}`)}
                <span className="block text-sm font-normal text-gray-700">{mail.changed ? t('list.changed', { count: mail.changed }) : t('list.unchanged')}</span>
              </Link>
            </li>
          ))}
        </ul>
      </PageSection>

      <TextsSection key={`${query.mail}-${JSON.stringify(data.mail.translatables)}`} data={data} actionData={actionData} onDraft={setDraftHtml} />

      <PageSection id="preview" title={t('preview.heading')} intro={t('preview.sample')}>
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="mail" value={query.mail} />
          <label className="flex flex-col text-sm">
            {t('preview.language')}
            <select name="preview" defaultValue={query.lang} className="mt-1 rounded-md border border-gray-300 px-3 py-2">
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col text-sm">
            {t('preview.width')}
            <select name="width" defaultValue={query.width} className="mt-1 rounded-md border border-gray-300 px-3 py-2">
              <option value="desktop">{t('preview.desktop')}</option>
              <option value="phone">{t('preview.phone')}</option>
            </select>
          </label>
          <button type="submit" className={buttonClassName('outline')}>
            {t('preview.show')}
          </button>
        </Form>
        <p className="mt-4 text-sm">
          <span className="font-semibold">{t('messages.subject')}:</span> <span data-testid="preview-subject">{data.preview.subject}</span>
        </p>
        <div className="mt-2 overflow-x-auto rounded-md border border-gray-200 bg-brand-grey p-2">
          <iframe
            title={t('preview.frameTitle', { subject: data.preview.subject })}
            sandbox=""
            srcDoc={draftHtml ?? data.preview.html}
            className="mx-auto block h-[720px] bg-white"
            style={{ width: query.width === 'phone' ? 375 : 640 }}
          />
        </div>
        <Form method="post" className="mt-4">
          <input type="hidden" name="template" value={query.mail} />
          <input type="hidden" name="lang" value={query.lang} />
          <FormErrors errors={fieldErrors(actionData, 'test')[''] ?? null} />
          <SubmitButton variant="darkBlue" name="intent" value="test">
            {t('test.send')}
          </SubmitButton>
        </Form>
      </PageSection>

      <SettingsSection key={JSON.stringify(data.settings)} data={data} actionData={actionData} />

      <LogSection data={data} link={link} />
    </div>
  );
}

function TextsSection({ data, actionData, onDraft }: { data: Data; actionData: ActionData; onDraft: (html: string | null) => void }) {
  const { t } = useTranslation('email');
  const template = templateDef(data.query.mail);
  const errors = fieldErrors(actionData, 'texts');
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const translatable = (msgId: string, lang: Language) => data.mail.translatables.find((x) => x.msgId === msgId && x.lang === lang)!;

  // with scripts: the preview follows the texts as they are typed (the server renders the draft, nothing is saved)
  const previewDraft = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      if (!formRef.current) return;
      const body = new FormData(formRef.current);
      body.set('lang', data.query.lang);
      const response = await fetch('/email-management/preview', { method: 'POST', body });
      if (response.ok) onDraft(((await response.json()) as { html: string }).html);
    }, 400);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <PageSection
      id="texts"
      title={`${t('texts.heading')}: ${t(`templates.${data.query.mail}`)}`}
      intro={`${t('texts.placeholders', { placeholders: template.placeholders.map((p) => `{{${p}}}`).join(', ') })} ${t('texts.richHint')}`}
    >
      <Form method="post" ref={formRef} onChange={previewDraft} className="mt-4">
        <input type="hidden" name="intent" value="texts" />
        <input type="hidden" name="template" value={data.query.mail} />
        <FormErrors errors={errors[''] ?? null} />
        <div className="space-y-6">
          {template.messages.map((message) => (
            <fieldset key={message.id} className="rounded-md border border-gray-200 p-4">
              <legend className="px-1 font-semibold">{t(`messages.${message.id}`)}</legend>
              {message.required.length ? <p className="text-sm text-gray-700">{t('texts.required', { placeholders: message.required.map((p) => `{{${p}}}`).join(', ') })}</p> : null}
              <div className="mt-2 grid gap-4 md:grid-cols-2">
                {LANGUAGES.map((lang) => {
                  const row = translatable(message.id, lang);
                  const name = `${lang}.${message.id}`;
                  const error = errors[name]?.[0];
                  return (
                    <div key={lang}>
                      <p className="text-sm font-semibold">{lang}</p>
                      <p className="mt-1 text-sm text-gray-700">
                        <span className="font-semibold">{t('texts.default')}:</span> {row.default}
                      </p>
                      <label className="mt-2 block text-sm" htmlFor={`text-${name}`}>
                        {t('texts.own')} ({lang})
                      </label>
                      <textarea
                        id={`text-${name}`}
                        name={name}
                        defaultValue={row.msg ?? ''}
                        placeholder={t('texts.ownPlaceholder')}
                        rows={message.kind === 'text' ? 1 : 3}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `error-${name}` : undefined}
                        className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2"
                      />
                      {error ? (
                        <p id={`error-${name}`} role="alert" className="text-sm text-brand-red">
                          {error}
                        </p>
                      ) : null}
                      {row.msg !== null ? (
                        <button type="submit" form={`reset-${name}`} className="mt-1 text-sm underline">
                          {t('texts.reset')} ({lang})
                        </button>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </div>
        <SubmitButton className="mt-4">{t('texts.save')}</SubmitButton>
      </Form>
      {/* the reset buttons above post these forms (a form cannot hold another one) */}
      {template.messages.flatMap((message) =>
        LANGUAGES.map((lang) => (
          <Form key={`${lang}.${message.id}`} method="post" id={`reset-${lang}.${message.id}`} hidden>
            <input type="hidden" name="intent" value="reset" />
            <input type="hidden" name="template" value={data.query.mail} />
            <input type="hidden" name="msgId" value={message.id} />
            <input type="hidden" name="lang" value={lang} />
          </Form>
        )),
      )}
    </PageSection>
  );
}

function SettingsSection({ data, actionData }: { data: Data; actionData: ActionData }) {
  const { t } = useTranslation('email');
  const errors = fieldErrors(actionData, 'settings');
  const [color, setColor] = useState(data.settings.color ?? EMAIL_DEFAULT_COLOR);
  const ratio = isHexColor(color) ? contrastRatio(color, '#ffffff') : null;
  const fieldError = (name: string) =>
    errors[name]?.[0] ? (
      <p id={`settings-${name}-error`} role="alert" className="text-sm text-brand-red">
        {errors[name]![0]}
      </p>
    ) : null;
  return (
    <PageSection id="settings" title={t('settings.heading')}>
      <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="settings" />
        <FormErrors errors={errors[''] ?? null} className="sm:col-span-2" />
        <div>
          <label htmlFor="settings-color" className="block text-sm font-semibold">
            {t('settings.color')}
          </label>
          <input
            id="settings-color"
            name="color"
            type="color"
            value={color}
            onChange={(event) => setColor(event.target.value)}
            aria-describedby="settings-color-hint"
            className="mt-1 h-10 w-20 rounded-md border border-gray-300"
          />
          <p id="settings-color-hint" className="text-sm text-gray-700">
            {t('settings.colorHint')}{' '}
            {ratio !== null ? (
              <span className={ratio < EMAIL_COLOR_MIN_CONTRAST ? 'text-brand-red' : undefined}>{t('settings.contrast', { ratio: ratio.toFixed(1) })}</span>
            ) : null}
          </p>
          {fieldError('color')}
        </div>
        <div>
          <label htmlFor="settings-header" className="block text-sm font-semibold">
            {t('settings.header')}
          </label>
          <input id="settings-header" name="file" type="file" accept="image/jpeg,image/png,image/gif,image/webp" aria-describedby="settings-header-hint" className="mt-1 block text-sm" />
          <p id="settings-header-hint" className="text-sm text-gray-700">
            {t('settings.headerHint')}
          </p>
          {fieldError('header')}
          {fieldError('headerImageId')}
          {data.settings.headerImageUrl ? (
            <div className="mt-2">
              <img src={data.settings.headerImageUrl} alt={t('settings.headerCurrent')} className="max-h-20 rounded border" />
              <label className="mt-1 flex items-center gap-2 text-sm">
                <input type="checkbox" name="removeHeader" value="on" /> {t('settings.removeHeader')}
              </label>
            </div>
          ) : null}
        </div>
        <div>
          <label htmlFor="settings-sender" className="block text-sm font-semibold">
            {t('settings.senderName')}
          </label>
          <input
            id="settings-sender"
            name="senderName"
            defaultValue={data.settings.senderName ?? ''}
            maxLength={100}
            aria-describedby="settings-sender-hint"
            className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2"
          />
          <p id="settings-sender-hint" className="text-sm text-gray-700">
            {t('settings.senderNameHint')}
          </p>
          {fieldError('senderName')}
        </div>
        <div>
          <label htmlFor="settings-reply" className="block text-sm font-semibold">
            {t('settings.replyTo')}
          </label>
          <input id="settings-reply" name="replyTo" type="email" defaultValue={data.settings.replyTo ?? ''} maxLength={254} className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2" />
          {fieldError('replyTo')}
        </div>
        <div className="sm:col-span-2">
          <SubmitButton>{t('settings.save')}</SubmitButton>
        </div>
      </Form>
    </PageSection>
  );
}

function LogSection({ data, link }: { data: Data; link: (changes: { page: string }) => string }) {
  const { t, i18n } = useTranslation('email');
  const language = (i18n.language?.toUpperCase() === 'DE' ? 'DE' : 'EN') as Language;
  const { log } = data;
  const cell = 'px-3 py-2 text-left align-top';
  return (
    <PageSection id="log" title={t('log.heading')}>
      {log.items.length === 0 ? (
        <p className="mt-4 text-sm text-gray-700">{t('log.empty')}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-sm">
            <TableHead
              cellClassName={cell}
              columns={[t('log.recipient'), t('log.template'), t('log.language'), t('log.time'), t('log.state'), t('log.answer'), t('log.actions')]}
            />
            <tbody>
              {log.items.map((row) => (
                <tr key={row.id} className="border-b">
                  <td className={cell}>{row.recipient}</td>
                  <td className={cell}>{t(`templates.${row.template}`, { defaultValue: row.template })}</td>
                  <td className={cell}>{row.language}</td>
                  <td className={cell}>{formatDateTime(row.createdAt, language)}</td>
                  <td className={cell}>{t(`log.states.${row.state}`)}</td>
                  <td className={`${cell} max-w-xs break-words`}>{row.answer ?? ''}</td>
                  <td className={cell}>
                    {row.state === 'FAILED' || row.state === 'HELD' ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={row.id} />
                        <button type="submit" name="intent" value="retry" className={buttonClassName('outline')}>
                          {t('log.retry')}
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.pages > 1 ? (
        <nav aria-label={t('log.heading')} className="mt-4 flex items-center gap-4 text-sm">
          {log.page > 1 ? <Link to={`${link({ page: String(log.page - 1) })}#log`}>{t('log.previous')}</Link> : null}
          <span>{t('log.page', { page: log.page, pages: log.pages })}</span>
          {log.page < log.pages ? <Link to={`${link({ page: String(log.page + 1) })}#log`}>{t('log.next')}</Link> : null}
        </nav>
      ) : null}
    </PageSection>
  );
}
