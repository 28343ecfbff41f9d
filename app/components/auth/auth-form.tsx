import { getFormProps, type FormMetadata } from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { PASSWORD_MIN_LENGTH } from '~/lib/schemas/auth';
import { TextField, type ConformField } from '../ui/field';
import { Link } from '../ui/link';
import { FormErrors } from '../ui/route-form';

/**
 * The pieces of the account pages (login, register, activation, passwords): their forms are the route kit's
 * (`useRouteForm`, `SubmitButton`; the shared zod schema validates in the browser and in the action, so the pages
 * also work without JavaScript).
 */

/** The namespaces of an account page, loaded with it on client navigations. */
export const authHandle = { i18n: ['common', 'errors', 'validation', 'auth'] };
export const authClientLoader = withNamespaces(authHandle.i18n);

/** Form-level messages (invalid credentials, "Please correct the marked fields ..."): the kit's list, in a red box. */
export function AuthFormErrors({ errors, id }: { errors?: string[] | null; id?: string }) {
  return <FormErrors errors={errors} id={id} className="rounded-md border border-brand-red/40 bg-brand-red/5 px-3 py-2" />;
}

/** Heading and intro of an account page inside the centred public card. */
export function AuthHeader({ title, intro }: { title: ReactNode; intro?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-semibold text-brand-dark">{title}</h1>
      {intro ? <p className="mt-2 text-sm text-gray-700">{intro}</p> : null}
    </header>
  );
}

/** The line under an account page's form that leads to another page ("No account yet? Register"). */
export function AuthFooterLink({ text, to, children }: { text?: ReactNode; to: string; children: ReactNode }) {
  return (
    <p className="mt-6 text-center text-sm">
      {text ? <>{text} </> : null}
      <Link to={to}>{children}</Link>
    </p>
  );
}

/** A new password and its repetition (register, set a new password), with the minimum length as hint. */
export function NewPasswordFields({ password, passwordRepeat, label }: { password: ConformField; passwordRepeat: ConformField; label: string }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextField
        field={password}
        type="password"
        label={label}
        description={t('register.passwordHint', { minLength: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
      />
      <TextField field={passwordRepeat} type="password" label={t('fields.passwordRepeat')} autoComplete="new-password" />
    </>
  );
}

/** The link of a mail (activation, password reset) arrived without its e-mail or token: the error and a way on. */
export function BrokenMailLink({ title, error, to, linkText }: { title: string; error: string; to: string; linkText: string }) {
  return (
    <>
      <AuthHeader title={title} />
      <AuthFormErrors errors={[error]} />
      <p className="mt-6 text-sm">
        <Link to={to}>{linkText}</Link>
      </p>
    </>
  );
}

/** The form of a page a mail's link opened (activation, new password): errors, the link's e-mail and token, its fields. */
export function MailLinkForm<S extends Record<string, unknown>>({
  form,
  email,
  token,
  children,
}: {
  form: FormMetadata<S, string[]>;
  email: string;
  token: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <AuthFormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="token" value={token} />
      {children}
    </Form>
  );
}

/** `meta` of a page whose loader returns its translated `title`. */
export const titleFromLoader = ({ data }: { data: unknown }) => [{ title: (data as { title?: string } | undefined)?.title }];
