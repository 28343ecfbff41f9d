import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useSubmit } from '@remix-run/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '~/components/conventions/native-select';
import { CameraPictureInput, LeadPageTitle } from '~/components/leads/console-parts';
import { ConsentFields, postedConsent } from '~/components/leads/consent-fields';
import { LeadFormFields } from '~/components/leads/lead-form-fields';
import { buttonClassName } from '~/components/ui/button';
import { FormErrors, PageSection, useIsPending } from '~/components/ui/route-form';
import { useHydrated } from '~/components/ui/use-hydrated';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { leadPageMeta } from '~/lib/leads/page-meta';
import { captureSchema, valuesFromExtraction } from '~/lib/leads/capture';
import { leadValuesSchema, type LeadFormSchema, type LeadStandardField } from '~/lib/leads/form-schema';
import { isUuid } from '~/lib/ids';
import { runGuards } from '~/server/guards.server';
import { submitLeadValues } from '~/server/pages/leads.server';
import { intentOf, orNotFound } from '~/server/route-kit.server';
import type { RequestContext } from '~/server/request-context.server';
import { isDomainError } from '~/server/services/errors';
import { captureLead, getLeadForm, listLeadForms, splitValues } from '~/server/services/leads/forms';
import { consentTexts } from '~/server/services/leads/leads';
import { redirectWithToast } from '~/server/toast.server';
import { z } from 'zod';
import { readCaptureForm, readCard, readQr } from './server';

export const handle = { i18n: ['common', 'errors', 'validation', 'leadscard', 'leadsconsole'], title: 'leadsconsole:capture.title' };
export const clientLoader = withNamespaces(handle.i18n);
export const meta = leadPageMeta;

export const guards = defineGuards({ organization: true, feature: 'lead' });

// the camera scanner (with jsqr where the browser has no BarcodeDetector) loads on this page only, when asked for
const QrScanner = lazy(() => import('~/components/leads/qr-scanner').then((m) => ({ default: m.QrScanner })));

/** The capture form of a lead form (or of none): the form's fields plus the standard fields it lacks. */
async function captureFormOf(context: RequestContext, formId: string | null) {
  const ctx = context.service;
  const forms = await listLeadForms(ctx);
  const id = formId && isUuid(formId) ? formId : (forms[0]?.id ?? null);
  const form = id ? await orNotFound(getLeadForm(ctx, id)) : null;
  const both = (key: string) => ({ DE: ctx.t(key, { lng: 'de' }), EN: ctx.t(key, { lng: 'en' }) });
  const schema = captureSchema(
    (form?.schema ?? []) as LeadFormSchema,
    (name: LeadStandardField) => both(`leadsconsole:fields.${name}`),
    both('leadsconsole:capture.contactHeadline'),
  );
  return { forms, form, schema };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const url = new URL(request.url);
  const { forms, form, schema } = await captureFormOf(context, url.searchParams.get('form'));
  return {
    forms: forms.map((f) => ({ id: f.id, name: f.name })),
    formId: form?.id ?? null,
    schema,
    lang: context.service.language,
    consent: consentTexts(context.service, context.service.language),
    scan: url.searchParams.get('scan') === '1',
  };
}

const Intents = z.object({ intent: z.enum(['card', 'qrImage', 'qrText', 'save']) });

interface Prefill {
  prefill: { source: 'card' | 'qr'; values: Record<string, string>; frontFileId: string | null; backFileId: string | null };
}

const prefill = (body: Prefill['prefill']) => data<Prefill>({ prefill: body }, { status: 200 });
const failed = (error: string, status = 400) => data({ form: 'capture', error }, { status });

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { formData, pictures, tooLarge } = await readCaptureForm(request, context);
  const { intent } = intentOf(formData, Intents);
  if (tooLarge) return failed(ctx.t('errors:fileTooLarge'), 413);
  const formId = String(formData.get('formId') ?? '') || null;
  const { form, schema } = await captureFormOf(context, formId);
  try {
    if (intent === 'card') {
      if (!pictures.front) return failed(ctx.t('leadsconsole:capture.frontRequired'));
      const card = await readCard(context, pictures.front, pictures.back);
      return prefill({ source: 'card', values: valuesFromExtraction(schema, card.extraction), frontFileId: card.frontFileId, backFileId: card.backFileId });
    }
    if (intent === 'qrImage' || intent === 'qrText') {
      const text = String(formData.get('text') ?? '').slice(0, 4000);
      if (intent === 'qrImage' && !pictures.qr) return failed(ctx.t('leadsconsole:capture.qrRequired'));
      const contact = await readQr(context, intent === 'qrImage' ? { image: pictures.qr! } : { text });
      if (!contact) return failed(ctx.t('leadsconsole:capture.qrIncompatible'), 422);
      return prefill({ source: 'qr', values: valuesFromExtraction(schema, contact), frontFileId: null, backFileId: null });
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return failed(error.message);
  }
  const language = formData.get('language') === 'EN' ? 'EN' : formData.get('language') === 'DE' ? 'DE' : ctx.language;
  const fileId = (key: string) => {
    const value = String(formData.get(key) ?? '');
    return isUuid(value) ? value : null;
  };
  const tags = String(formData.get('tags') ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  const done = await submitLeadValues(context, formData, 'capture', leadValuesSchema(schema, language), (values) => {
    const { columns, free } = splitValues(schema, values);
    return captureLead(ctx, {
      ...columns,
      values: free,
      language,
      tags,
      formId: form?.id ?? null,
      consent: postedConsent(formData),
      businesscardFrontId: fileId('businesscardFrontId'),
      businesscardBackId: fileId('businesscardBackId'),
    });
  });
  if (!done.ok) return done.answer;
  const lead = done.value;
  // a form that sends mail has sent the information mail with the capture (when the lead agreed to material)
  const toast = lead.information_mail_sent_at
    ? { type: 'success' as const, key: 'leadsconsole:capture.savedAndMailed', values: { email: lead.email } }
    : { type: 'success' as const, key: 'leadsconsole:capture.saved' };
  return redirectWithToast(`/leads/${lead.slug}`, toast);
}

/** The camera scanner (loaded only here, and only when asked for): its text is posted as `qrText`. */
function CameraScan() {
  const { t } = useTranslation('leadsconsole');
  const submit = useSubmit();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) return null;
  return (
    <div className="mt-3">
      {open ? (
        <Suspense fallback={<p>{t('capture.cameraLoading')}</p>}>
          <QrScanner
            onResult={(text: string) => {
              setOpen(false);
              submit({ intent: 'qrText', text }, { method: 'post' });
            }}
          />
        </Suspense>
      ) : (
        <button type="button" onClick={() => setOpen(true)} className={`${buttonClassName('standardNoMt')} !py-3`}>
          {t('capture.openCamera')}
        </button>
      )}
    </div>
  );
}

export default function CaptureLead() {
  const { t } = useTranslation('leadsconsole');
  const { forms, formId, schema, lang, consent, scan } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const pending = useIsPending();
  const filled = answer && 'prefill' in answer ? answer.prefill : null;
  const reply = answer && 'result' in answer ? answer.result : undefined;
  const error = answer && 'error' in answer ? answer.error : undefined;
  const posted = (reply?.initialValue ?? {}) as Record<string, unknown>;
  const values = filled?.values ?? Object.fromEntries(Object.entries(posted).map(([k, v]) => [k, typeof v === 'string' ? v : '']));
  const str = (key: string) => (typeof posted[key] === 'string' ? (posted[key] as string) : '');
  const frontFileId = filled?.frontFileId ?? str('businesscardFrontId');
  const backFileId = filled?.backFileId ?? str('businesscardBackId');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <LeadPageTitle title={t('capture.title')} />

      {forms.length > 1 ? (
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <NativeSelect name="form" label={t('capture.chooseForm')} defaultValue={formId ?? ''} options={forms.map((f) => ({ value: f.id, label: f.name }))} />
          <button type="submit" className={`${buttonClassName('transparent')} !py-2`}>
            {t('capture.switchForm')}
          </button>
        </Form>
      ) : null}

      <details className="rounded-lg bg-white p-4 shadow-sm" open={scan || undefined}>
        <summary className="cursor-pointer text-lg font-semibold">{t('capture.fromCardOrQr')}</summary>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="card" />
            <input type="hidden" name="formId" value={formId ?? ''} />
            <CameraPictureInput label={t('capture.front')} name="front" required />
            <CameraPictureInput label={t('capture.back')} name="back" />
            <button type="submit" disabled={pending} className={`${buttonClassName('standardNoMt')} !py-3`}>
              {t('capture.readCard')}
            </button>
          </Form>
          <div>
            <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2">
              <input type="hidden" name="intent" value="qrImage" />
              <input type="hidden" name="formId" value={formId ?? ''} />
              <CameraPictureInput label={t('capture.qrPicture')} name="qr" required />
              <button type="submit" disabled={pending} className={`${buttonClassName('standardNoMt')} !py-3`}>
                {t('capture.readQr')}
              </button>
            </Form>
            <CameraScan />
          </div>
        </div>
      </details>

      {error ? (
        <p role="alert" className="rounded-md border-2 border-brand-red bg-white p-3 text-brand-red">
          {error}
        </p>
      ) : null}
      {filled ? (
        <p role="status" className="rounded-md border-2 border-brand-green bg-white p-3">
          {t(filled.source === 'card' ? 'capture.checkCard' : 'capture.checkQr')}
        </p>
      ) : null}

      <PageSection id="capture-form" title={t('capture.formTitle')}>
        <Form method="post" noValidate className="mt-4 space-y-4" key={JSON.stringify(values)} aria-label={t('capture.formTitle')}>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="formId" value={formId ?? ''} />
          <input type="hidden" name="businesscardFrontId" value={frontFileId} />
          <input type="hidden" name="businesscardBackId" value={backFileId} />
          <FormErrors errors={reply?.error?.[''] ?? null} />
          <LeadFormFields schema={schema} lang={lang} values={values} errors={reply?.error ?? {}} />
          <div className="grid gap-4 sm:grid-cols-2">
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t('capture.language')}
              <select name="language" defaultValue={str('language') || lang} className="rounded-md border border-gray-300 bg-white px-3 py-2">
                <option value="DE">{t('capture.languages.DE')}</option>
                <option value="EN">{t('capture.languages.EN')}</option>
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t('capture.tags')}
              <input name="tags" defaultValue={str('tags')} className="rounded-md border border-gray-300 px-3 py-2" aria-describedby="capture-tags-hint" />
              <span id="capture-tags-hint" className="text-xs font-normal text-gray-600">
                {t('capture.tagsHint')}
              </span>
            </label>
          </div>
          <ConsentFields texts={consent} />
          <button type="submit" disabled={pending} className={`${buttonClassName('standardNoMt')} w-full !py-4 text-lg`}>
            {t('capture.save')}
          </button>
        </Form>
      </PageSection>
    </div>
  );
}
