import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { BlindMatchingSchema } from '~/lib/schemas/blind-matching';
import { TextField } from '../ui/field';
import { SubmitButton, useRouteForm } from '../ui/route-form';

/**
 * The login page's offer for a convention (blind-matching registration): only an e-mail address, posted to
 * /blind-matching, which answers (and shows its errors) on its own page. Works without JavaScript.
 */
export function BlindMatchingLoginForm({ convention }: { convention: string }) {
  const { t } = useTranslation('auth');
  const [form, fields] = useRouteForm(BlindMatchingSchema, { id: 'blind-matching-login' });
  return (
    <section aria-labelledby="blind-matching-heading" className="mt-8 border-t pt-6" data-blind-matching>
      <h2 id="blind-matching-heading" className="mb-2 text-lg font-semibold text-brand-dark">
        {t('blindMatching.loginHeading')}
      </h2>
      <p className="mb-4 text-sm">{t('blindMatching.loginIntro')}</p>
      <Form method="post" action="/blind-matching" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="convention" value={convention} />
        <TextField field={fields.email} type="email" label={t('blindMatching.email')} autoComplete="email" />
        <SubmitButton className="w-full" variant="outline">
          {t('blindMatching.submit')}
        </SubmitButton>
      </Form>
    </section>
  );
}
