import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ContentPagePicker } from '~/components/content-pages/page-picker';
import { ConfirmDelete, ConfirmStep } from '~/components/events/confirm-delete';
import { SingleFileForms } from '~/components/leads/console-parts';
import { buttonClassName } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { FormErrors, IntentForm, PageSection, useIsPending, useRouteForm } from '~/components/ui/route-form';
import { crumbsFrom } from '~/lib/breadcrumbs';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import type { LeadFormSchema } from '~/lib/leads/form-schema';
import { leadPageMeta } from '~/lib/leads/page-meta';
import { formatLeadValue, shownLeadValues, type ShownLeadValue } from '~/lib/leads/shown-values';
import { runGuards } from '~/server/guards.server';
import { confirmedListAction, intentOf, intentsOf, listAction, orNotFound, submitForm, paramsOf } from '~/server/route-kit.server';
import { pageChoices } from '~/server/services/content-pages/picker';
import { fileUrl } from '~/server/services/files/files.server';
import { sendLeadInformationEmail } from '~/server/services/leads/info';
import { addLeadContentPages, archiveLeads, deleteLead, getLead, updateLead } from '~/server/services/leads/leads';
import { redirectWithToast } from '~/server/toast.server';
import { LeadEditForm, postedValues, STANDARD_COLUMNS } from './forms';
import { readLeadForm } from './server';

export const handle = {
  i18n: ['common', 'errors', 'validation', 'pages', 'leadsconsole'],
  title: 'leadsconsole:list.unnamed',
  // the lead by its name (as the page's heading); an archived lead lies in the archive
  breadcrumb: crumbsFrom<typeof loader>((d) => [
    ...(d.lead.archived ? [{ key: 'leadsconsole:archive.title', to: '/leads/archive' }] : []),
    d.lead.name || d.lead.email || d.lead.company ? { label: d.lead.name || d.lead.email || d.lead.company } : { key: 'leadsconsole:list.unnamed' },
  ]),
};
export const clientLoader = withNamespaces(handle.i18n);
export const meta = leadPageMeta;

export const guards = defineGuards({ organization: true, feature: 'lead' });

const name = (u: { first_name: string; last_name: string; email: string } | null) => (u ? `${u.first_name} ${u.last_name}`.trim() || u.email : null);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { slug } = paramsOf(params, 'slug');
  const detail = await orNotFound(getLead(ctx, slug));
  const { lead } = detail;
  const pages = await pageChoices(ctx, lead.organization_id);
  return {
    lead: {
      id: lead.id,
      slug: lead.slug,
      ...Object.fromEntries(STANDARD_COLUMNS.map((column) => [column, lead[column]])),
      language: lead.language,
      values: shownLeadValues((detail.form?.schema ?? null) as LeadFormSchema | null, lead.values, ctx.language),
      archived: Boolean(lead.archived_at),
      createdAt: new Date(lead.created_at).toISOString(),
      mailSentAt: lead.information_mail_sent_at ? new Date(lead.information_mail_sent_at).toISOString() : null,
      cardFront: lead.businesscard_front_id ? fileUrl({ id: lead.businesscard_front_id }) : null,
      cardBack: lead.businesscard_back_id ? fileUrl({ id: lead.businesscard_back_id }) : null,
      attachment: lead.attachment_id ? fileUrl({ id: lead.attachment_id }) : null,
    } as Record<(typeof STANDARD_COLUMNS)[number], string> & {
      id: string;
      slug: string;
      language: 'DE' | 'EN';
      values: ShownLeadValue[];
      archived: boolean;
      createdAt: string;
      mailSentAt: string | null;
      cardFront: string | null;
      cardBack: string | null;
      attachment: string | null;
    },
    tags: detail.tags,
    form: detail.form ? { id: detail.form.id, name: detail.form.name } : null,
    tracking: detail.tracking,
    tracks: detail.tracks.map((track) => ({
      id: track.id,
      at: new Date(track.created_at).toISOString(),
      linkType: track.link_type,
      activity: track.activity,
      content: track.content,
      link: track.link,
      duration: track.duration,
    })),
    score: detail.score,
    consent: detail.consent,
    contentPages: detail.contentPages.map((p) => ({ id: p.id, name: p.name })),
    contact: name(detail.contact),
    capturedBy: name(detail.capturedBy),
    pages: pages.filter((p) => !detail.contentPages.some((chosen) => chosen.id === p.id)),
  };
}

const Intents = intentsOf(['update', 'addPage', 'sendMail', 'attachment', 'archive', 'restore', 'delete']);

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { slug } = paramsOf(params, 'slug');
  const { lead } = await orNotFound(getLead(ctx, slug));
  const here = `/leads/${lead.slug}`;
  const { formData, uploaded, failure } = await readLeadForm(request, context);
  const { intent } = intentOf(formData, Intents);
  switch (intent) {
    case 'update': {
      const done = await submitForm(context, formData, 'update', LeadEditForm, ({ intent: _intent, ...input }) =>
        updateLead(ctx, lead.id, { ...input, values: postedValues(formData) }),
      );
      if (!done.ok) return done.answer;
      return redirectWithToast(here, { type: 'success', key: 'leadsconsole:detail.saved' });
    }
    case 'addPage': {
      const pageId = String(formData.get('contentPageId') ?? '');
      if (!pageId) return redirectWithToast(here, { type: 'error', key: 'leadsconsole:detail.choosePage' });
      return listAction(here, () => addLeadContentPages(ctx, lead.id, [pageId]), { key: 'leadsconsole:detail.pageAdded' });
    }
    case 'sendMail': {
      // the mail goes out in the lead's language; an error answers in the viewer's
      return listAction(here, () => sendLeadInformationEmail(ctx, lead.id, ctx.language), { key: 'leadsconsole:detail.mailSent' });
    }
    case 'attachment': {
      if (failure) return redirectWithToast(here, { type: 'error', key: 'errors:raw', values: { message: failure.message } });
      const attachmentId = formData.get('remove') === 'yes' ? null : (uploaded?.id ?? null);
      if (!attachmentId && formData.get('remove') !== 'yes') return redirectWithToast(here, { type: 'error', key: 'leadsconsole:detail.chooseFile' });
      return listAction(here, () => updateLead(ctx, lead.id, { attachmentId }), { key: 'leadsconsole:detail.saved' });
    }
    case 'archive':
    case 'restore':
      return listAction(here, () => archiveLeads(ctx, [lead.id], intent === 'archive'), {
        key: intent === 'archive' ? 'leadsconsole:detail.archived' : 'leadsconsole:detail.restored',
      });
    case 'delete':
      return confirmedListAction(formData, here, () => deleteLead(ctx, lead.id), {
        key: 'leadsconsole:detail.deleted',
        to: lead.archived_at ? '/leads/archive' : '/leads',
      });
  }
}

function EditLead() {
  const { t } = useTranslation('leadsconsole');
  const { lead, tags } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const pending = useIsPending();
  const defaults = { ...Object.fromEntries(STANDARD_COLUMNS.map((c) => [c, lead[c]])), language: lead.language, tags: tags.join(', ') };
  const [form, fields] = useRouteForm(LeadEditForm, { id: 'update', answer, defaultValue: defaults });
  const text = (key: (typeof STANDARD_COLUMNS)[number], type: 'text' | 'email' | 'tel' | 'url' = 'text') => (
    <TextField key={key} field={fields[key]} label={t(`fields.${key}`)} type={type} />
  );
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="update" />
      <FormErrors errors={form.errors} className="sm:col-span-2" />
      {text('name')}
      {text('email', 'email')}
      {text('company')}
      {text('job')}
      {text('phone', 'tel')}
      {text('mobile', 'tel')}
      {text('web', 'url')}
      {text('address')}
      {text('street')}
      {text('hno')}
      {text('plz')}
      {text('city')}
      {text('country')}
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('capture.language')}
        <select name="language" defaultValue={lead.language} className="rounded-md border border-gray-300 bg-white px-3 py-2">
          <option value="DE">{t('capture.languages.DE')}</option>
          <option value="EN">{t('capture.languages.EN')}</option>
        </select>
      </label>
      <TextField field={fields.tags} label={t('capture.tags')} description={t('capture.tagsHint')} className="sm:col-span-2" />
      {lead.values.length ? (
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-semibold">{t('detail.values')}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {lead.values.map((v) => (
              <label key={v.name} className={`flex flex-col gap-1 text-sm font-medium ${v.type === 'TEXTAREA' ? 'sm:col-span-2' : ''}`}>
                {v.label}
                <ValueInput value={v} />
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="sm:col-span-2">
        <button type="submit" disabled={pending} className={buttonClassName('standardNoMt')}>
          {t('detail.save')}
        </button>
      </div>
    </Form>
  );
}

const INPUT = 'rounded-md border border-gray-300 bg-white px-3 py-2 font-normal';
const INPUT_TYPES: Partial<Record<NonNullable<ShownLeadValue['type']>, string>> = { EMAIL: 'email', PHONE: 'tel', URL: 'url', DATE: 'date' };

/** A free value's input as its form field asks for it: yes/no, a date, one of the options, a longer text. */
function ValueInput({ value: v }: { value: ShownLeadValue }) {
  const { t } = useTranslation('leadsconsole');
  const name = `value.${v.name}`;
  if (v.type === 'CHECKBOX') {
    return (
      <select name={name} defaultValue={v.value === 'true' || v.value === 'on' ? 'true' : ''} className={INPUT}>
        <option value="true">{t('detail.yes')}</option>
        <option value="">{t('detail.no')}</option>
      </select>
    );
  }
  if (v.type === 'SELECT') {
    const known = v.options.some((option) => option.value === v.value);
    return (
      <select name={name} defaultValue={v.value} className={INPUT}>
        <option value="">{t('detail.noChoice')}</option>
        {v.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {known || !v.value ? null : <option value={v.value}>{v.value}</option>}
      </select>
    );
  }
  if (v.type === 'TEXTAREA') return <textarea name={name} defaultValue={v.value} rows={3} className={INPUT} />;
  return <input name={name} type={(v.type && INPUT_TYPES[v.type]) || 'text'} inputMode={v.type === 'NUMBER' ? 'decimal' : undefined} defaultValue={v.value} className={INPUT} />;
}

/** The form's answers as the lead gave them: labels in the viewer's language, values as they read (yes/no, dates). */
function FormAnswers({ values }: { values: ShownLeadValue[] }) {
  const { t, i18n } = useTranslation('leadsconsole');
  const words = { yes: t('detail.yes'), no: t('detail.no') };
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(8rem,max-content)_1fr]" data-testid="lead-answers">
      {values.map((v) => (
        <div key={v.name} className="contents">
          <dt className="font-medium text-gray-700">{v.label}</dt>
          <dd className="whitespace-pre-line break-words">{formatLeadValue(v, i18n.language, words) || '–'}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function LeadPage() {
  const { t, i18n } = useTranslation('leadsconsole');
  const data = useLoaderData<typeof loader>();
  const { lead, score, consent, tracks, tracking, contentPages, pages } = data;
  const answer = useActionData<typeof action>();
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const title = lead.name || lead.email || lead.company || t('list.unnamed');
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{title}</h1>
          <p className="text-sm text-gray-700">
            {[lead.company, lead.email].filter(Boolean).join(' · ')}
            {lead.archived ? ` · ${t('detail.isArchived')}` : ''}
          </p>
          <p className="text-xs text-gray-600">
            {t('detail.captured', { date: dateTime.format(new Date(lead.createdAt)) })}
            {data.capturedBy ? ` · ${t('detail.by', { name: data.capturedBy })}` : ''}
            {data.form ? ` · ${t('detail.form', { name: data.form.name })}` : ''}
          </p>
        </div>
        <Link to={lead.archived ? '/leads/archive' : '/leads'} className="text-sm underline">
          {t('archive.back')}
        </Link>
      </div>

      {answer && 'confirm' in answer && answer.confirm ? (
        <ConfirmStep confirm={answer.confirm} title={t('detail.deleteTitle')} message={t('detail.deleteText', { name: title })} />
      ) : null}

      <PageSection id="lead-score" title={t('detail.score')}>
        <p className="mt-2 text-3xl font-semibold" data-testid="lead-score">
          {score.score}
        </p>
        <details className="mt-2">
          <summary className="cursor-pointer text-sm underline">{t('detail.whyScore')}</summary>
          {score.reasons.length ? (
            <ul className="mt-2 space-y-1 text-sm">
              {score.reasons.map((r) => (
                <li key={r.kind}>{t(`score.${r.kind}`, { count: r.count, points: r.points })}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-gray-600">{t('score.none')}</p>
          )}
        </details>
      </PageSection>

      <PageSection id="lead-mail" title={t('detail.mailTitle')} intro={lead.mailSentAt ? t('detail.mailSentAt', { date: dateTime.format(new Date(lead.mailSentAt)) }) : t('detail.mailIntro')}>
        <IntentForm intent="sendMail" submit={t('detail.sendMail')}>
          <p className="text-sm">
            <span className="font-medium">{t('detail.mailLanguage')}:</span> {t(`capture.languages.${lead.language}`)}
          </p>
        </IntentForm>
      </PageSection>

      <PageSection id="lead-tracks" title={t('detail.tracks')}>
        {!tracking ? (
          <p className="mt-2 text-sm text-gray-600">{t('detail.noTracking')}</p>
        ) : tracks.length ? (
          <ol className="mt-3 space-y-2 border-l-2 border-gray-200 pl-4" aria-label={t('detail.tracks')} data-testid="lead-tracks">
            {tracks.map((track) => (
              <li key={track.id} className="text-sm">
                <time dateTime={track.at} className="block text-xs text-gray-600">
                  {dateTime.format(new Date(track.at))}
                </time>
                <span className="font-medium">{t(`tracks.${track.linkType}`)}</span>
                {track.content ? `: ${track.content}` : ''}
                {track.activity !== 'OPENED' ? ` · ${t(`tracks.activity.${track.activity}`)}` : ''}
                {track.duration ? ` · ${t('tracks.duration', { seconds: track.duration })}` : ''}
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-sm text-gray-600">{t('detail.noTracks')}</p>
        )}
      </PageSection>

      {lead.values.length ? (
        <PageSection id="lead-answers" title={t('detail.answers')}>
          <FormAnswers values={lead.values} />
        </PageSection>
      ) : null}

      <PageSection id="lead-edit" title={t('detail.edit')}>
        <EditLead />
      </PageSection>

      <PageSection id="lead-pages" title={t('detail.pages')} intro={t('detail.pagesIntro')}>
        {contentPages.length ? (
          <ul className="mt-3 list-disc pl-5 text-sm">
            {contentPages.map((p) => (
              <li key={p.id}>{p.name}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-gray-600">{t('detail.noPages')}</p>
        )}
        <IntentForm intent="addPage" submit={t('detail.addPage')}>
          <ContentPagePicker pages={pages} />
        </IntentForm>
      </PageSection>

      <PageSection id="lead-cards" title={t('detail.cards')}>
        {lead.cardFront || lead.cardBack || lead.attachment ? (
          <div className="mt-3 flex flex-wrap gap-4">
            {lead.cardFront ? <img src={lead.cardFront} alt={t('detail.cardFront')} className="max-h-48 rounded border" /> : null}
            {lead.cardBack ? <img src={lead.cardBack} alt={t('detail.cardBack')} className="max-h-48 rounded border" /> : null}
            {lead.attachment ? (
              <a href={lead.attachment} className="self-center underline">
                {t('detail.attachment')}
              </a>
            ) : null}
          </div>
        ) : (
          <p className="mt-2 text-sm text-gray-600">{t('detail.noCards')}</p>
        )}
        <SingleFileForms
          intent="attachment"
          name="attachment"
          accept="application/pdf,image/jpeg,image/png,image/webp"
          label={t('detail.attachmentFile')}
          upload={t('detail.upload')}
          remove={t('detail.removeAttachment')}
          present={Boolean(lead.attachment)}
        />
      </PageSection>

      <PageSection id="lead-consent" title={t('detail.consent')}>
        {consent ? (
          <div className="mt-3 text-sm" data-testid="consent-proof">
            <ul className="space-y-2">
              {consent.items.map((item) => (
                <li key={item.kind}>
                  <span className="font-medium">{item.agreed ? t('detail.agreed') : t('detail.notAgreed')}</span>: {item.text}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-xs text-gray-600">
              {t('detail.consentMeta', {
                date: dateTime.format(new Date(consent.givenAt)),
                language: consent.language,
                version: consent.formVersion ?? '–',
              })}
            </p>
          </div>
        ) : (
          <p className="mt-2 text-sm text-gray-600">{t('detail.noConsent')}</p>
        )}
      </PageSection>

      <PageSection id="lead-actions" title={t('detail.actions')}>
        <div className="mt-3 flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value={lead.archived ? 'restore' : 'archive'} />
            <button type="submit" className={buttonClassName('transparent')}>
              {lead.archived ? t('detail.restore') : t('detail.archive')}
            </button>
          </Form>
          <ConfirmDelete
            intent="delete"
            id={lead.id}
            name={title}
            label={t('detail.delete')}
            title={t('detail.deleteTitle')}
            message={t('detail.deleteText', { name: title })}
          />
        </div>
      </PageSection>
    </div>
  );
}
