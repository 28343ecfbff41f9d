import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ConsentFields, postedConsent } from '~/components/leads/consent-fields';
import { LeadFormFields } from '~/components/leads/lead-form-fields';
import { LeadPagesHeader } from '~/components/leads/lead-pages-header';
import { BrandThemed } from '~/components/personalization/branded-page';
import { BRAND_CLASSES } from '~/lib/brand-theme';
// button-styles, not the react-aria button or the Conform form kit: a lead's phone loads little
import { buttonClassName } from '~/components/ui/button-styles';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { leadValuesSchema, type LeadFormSchema } from '~/lib/leads/form-schema';
import { runGuards } from '~/server/guards.server';
import { publicLeadFormLook, submitLeadValues } from '~/server/pages/leads.server';
import { orNotFound } from '~/server/route-kit.server';
import type { RequestContext } from '~/server/request-context.server';
import { fileUrl } from '~/server/services/files/files.server';
import { publicLeadForm, submitLeadForm } from '~/server/services/leads/forms';

export const handle = { i18n: ['common', 'errors', 'validation', 'leadsconsole'] };
export const clientLoader = withNamespaces(handle.i18n);

/** Public: a lead fills it in on its own (or a rep hands over the phone); it works without JavaScript. */
export const guards = defineGuards({ public: true });

/**
 * The form a request names: `?form=<id>`, else `?org=<slug>` or the viewer's organisation (its newest form), in
 * `?lang=` or the request's language. An unknown form or an organisation without leads is 404.
 */
async function formOf(context: RequestContext, url: URL) {
  const lang = url.searchParams.get('lang') === 'EN' ? 'EN' : url.searchParams.get('lang') === 'DE' ? 'DE' : context.service.language;
  const key = url.searchParams.get('form') || url.searchParams.get('org') || context.viewer?.organization?.slug || '';
  if (!key) throw new Response('Not Found', { status: 404 });
  return { lang, found: await orNotFound(publicLeadForm(context.service, key, lang)) } as const;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const url = new URL(request.url);
  const { lang, found } = await formOf(context, url);
  const { branding, theme } = await publicLeadFormLook(context, found);
  return {
    formId: found.form.id,
    lang,
    schema: found.form.schema as LeadFormSchema,
    consent: found.consentTexts,
    branding,
    theme,
    headerUrl: found.form.header_image_id ? fileUrl({ id: found.form.header_image_id }) : null,
    thanks: url.searchParams.get('thanks') === '1',
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded?.branding.organizationName ?? '' },
  { name: 'robots', content: 'noindex' },
];

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const url = new URL(request.url);
  const { lang, found } = await formOf(context, url);
  const formData = await request.formData().catch(() => {
    throw new Response('Bad Request', { status: 400 });
  });
  const schema = found.form.schema as LeadFormSchema;
  const done = await submitLeadValues(context, formData, 'leadform', leadValuesSchema(schema, lang), (values) =>
    submitLeadForm(context.service, found.form.id, values, { lang, consent: postedConsent(formData), client: context.clientIp ?? null }),
  );
  if (!done.ok) return done.answer;
  throw redirect(`/leadform?form=${found.form.id}&lang=${lang}&thanks=1`);
}

export default function PublicLeadForm() {
  const { t } = useTranslation('leadsconsole');
  const { formId, lang, schema, consent, branding, theme, headerUrl, thanks } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const pending = useNavigation().state === 'submitting';
  const reply = answer && 'result' in answer ? answer.result : undefined;
  const posted = (reply?.initialValue ?? {}) as Record<string, unknown>;
  const values = Object.fromEntries(Object.entries(posted).map(([k, v]) => [k, typeof v === 'string' ? v : '']));
  const other = lang === 'DE' ? 'EN' : 'DE';
  return (
    <BrandThemed theme={theme} className="min-h-screen bg-gray-50">
      <main id="main" lang={lang.toLowerCase()} className="mx-auto max-w-2xl space-y-4 px-4 py-6">
        <LeadPagesHeader branding={branding} />
        {headerUrl ? <img src={headerUrl} alt="" className="max-h-56 w-full rounded-lg object-cover" /> : null}
        <p className="text-right text-sm">
          <Link to={`/leadform?form=${formId}&lang=${other}`} lang={other.toLowerCase()} className={`underline ${BRAND_CLASSES.link}`}>
            {t(`public.switchTo${other}`)}
          </Link>
        </p>
        {thanks ? (
          <section role="status" className="rounded-lg bg-white p-6 shadow-sm">
            <h2 className="text-xl font-semibold">{t(`public.thanksTitle${lang}`)}</h2>
            <p className="mt-2">{t(`public.thanks${lang}`)}</p>
            <Link to={`/leadform?form=${formId}&lang=${lang}`} className={`mt-4 inline-block underline ${BRAND_CLASSES.link}`}>
              {t(`public.again${lang}`)}
            </Link>
          </section>
        ) : (
          <Form method="post" noValidate className="space-y-4 rounded-lg bg-white p-6 shadow-sm" aria-label={branding.organizationName}>
            {reply?.error?.['']?.length ? (
              <p role="alert" className="text-sm text-brand-red">
                {reply.error[''].join(' ')}
              </p>
            ) : null}
            <LeadFormFields schema={schema} lang={lang} values={values} errors={reply?.error ?? {}} />
            <ConsentFields texts={consent} />
            <button type="submit" disabled={pending} className={`${buttonClassName('individual')} ${BRAND_CLASSES.button} w-full !py-4 text-lg`} data-brand-button>
              {t(`public.submit${lang}`)}
            </button>
          </Form>
        )}
      </main>
    </BrandThemed>
  );
}

