import { data } from '@remix-run/node';
import { z } from 'zod';
import type { ConfirmRequest, FormAnswer } from '~/lib/route-kit';
import { withoutPasswords } from '~/server/form-replies.server';
import { formAction } from '~/server/forms.server';
import { parseForm } from '~/server/forms-zod.server';
import type { RequestContext } from '~/server/request-context.server';
import { isDomainError } from '~/server/services/errors';
import { redirectWithToast } from '~/server/toast.server';

/**
 * The route kit's server half: what page loaders and actions use to answer (decision 013). Actions answer
 * with Remix's `data()` (a `FormAnswer`) or a redirect, so `useActionData<typeof action>()` needs no cast.
 */
export { invariantResponse } from '~/lib/route-kit';
export { readPostedForm } from '~/server/posted-form.server';

/**
 * A route's path parameters by name, each a non-empty string: `const { slug } = paramsOf(params, 'slug')`. A missing
 * or empty one is the 404 page, like a slug that names nothing (Remix fills every segment of a matched route, so this
 * catches a segment it left empty and calls by hand); only the names asked for are keys of the result.
 */
export function paramsOf<const K extends string>(params: Readonly<Partial<Record<string, string>>>, ...names: K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = params[name];
    if (!value) throw new Response('Not Found', { status: 404 });
    values[name] = value;
  }
  return values;
}

/**
 * A resource route's JSON answer (a route without a page, read by `fetch`: the chat widget, the unread badge, the
 * live figures, the mail preview). A real Response, because Remix drops the headers and status of `data()` there
 * (and warns); the viewer's own data is `private, no-store` unless the caller says otherwise.
 */
export function resourceJson(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('cache-control')) headers.set('cache-control', 'private, no-store');
  return Response.json(body, { ...init, headers });
}

/** A NOT_FOUND from a service becomes the 404 page; anything else propagates. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isDomainError(error) && error.code === 'NOT_FOUND') throw new Response('Not Found', { status: 404 });
    throw error;
  }
}

/**
 * An action's answer that stays on the page: a form's reply, a file field's error or a confirmation step. A reply
 * never carries typed passwords back (they would be rendered into the page).
 */
export function answer(body: FormAnswer, status = 400) {
  return data<FormAnswer>(body.result ? { ...body, result: withoutPasswords(body.result) } : body, { status });
}

/**
 * The zod discriminated union of a page's intents, one object per intent: `intentsOf(['settings', 'translation'])`.
 * Give an intent its own fields with a schema of its own (`z.object({ intent: z.literal('move'), id: z.string() })`).
 */
export function intentsOf<const I extends readonly [string, ...string[]]>(intents: I) {
  const [first, ...rest] = intents.map((intent) => z.object({ intent: z.literal(intent) }));
  return z.discriminatedUnion('intent', [first!, ...rest]) as unknown as z.ZodType<{ intent: I[number] }>;
}

/**
 * The intent of a page with several forms, parsed with the page's union of intents (`intentsOf` or a
 * `z.discriminatedUnion('intent', ...)` of its own). An intent the page does not know is a 400, never a 500.
 */
export function intentOf<S extends z.ZodTypeAny>(formData: FormData, intents: S): z.output<S> {
  const parsed = intents.safeParse(Object.fromEntries([...new Set(formData.keys())].map((key) => [key, formData.get(key)])));
  if (!parsed.success) throw new Response('Bad Request', { status: 400 });
  return parsed.data;
}

/**
 * One form of a page, start to end: parse `formData` with `schema` (400 with the field errors on failure),
 * run the service call, map a DomainError onto the form (its status). `ok` carries the service's value, the
 * caller redirects with its toast; otherwise return `answer` as it is. With `markInvalid` a schema failure also
 * carries the form-level "Please correct the marked fields" (or the message given instead). `status` fixes the
 * status of a DomainError's answer (default: 404, 403 or 400 by its code).
 */
export async function submitForm<S extends z.ZodTypeAny, R>(
  context: RequestContext,
  formData: FormData,
  form: string,
  schema: S,
  work: (value: z.output<S>) => Promise<R>,
  {
    markInvalid = false,
    status,
    ...options
  }: { correctFieldsMessage?: string; knownFields?: readonly string[]; markInvalid?: boolean | string; status?: number } = {},
): Promise<{ ok: true; value: R; input: z.output<S> } | { ok: false; answer: ReturnType<typeof answer> }> {
  const submission = parseForm(context, formData, schema);
  if (submission.status !== 'success') {
    const formErrors = markInvalid ? [typeof markInvalid === 'string' ? markInvalid : context.service.t('errors:correctFields')] : undefined;
    return { ok: false, answer: answer({ form, result: submission.reply(formErrors && { formErrors }) }) };
  }
  const input = submission.value;
  const result = await formAction(submission, () => work(input), {
    correctFieldsMessage: context.service.t('errors:correctFields'),
    ...options,
  });
  if (!result.ok) return { ok: false, answer: answer({ form, result: result.reply }, status ?? result.status) };
  return { ok: true, value: result.value, input };
}

/**
 * Runs a list action (approve, remove, move ...): success redirects back (or to `success.to`) with its toast, a
 * DomainError redirects back with the error's message (already in the user's language) as an error toast.
 * `success` may be a function of what the work returned (a toast that names the joined organisation).
 */
export async function listAction<T>(back: string, work: () => Promise<T>, success: ListToast | ((value: T) => ListToast)): Promise<Response> {
  let value: T;
  try {
    value = await work();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirectWithToast(back, { type: 'error', key: 'errors:raw', values: { message: error.message } });
  }
  const { to = back, ...toast } = typeof success === 'function' ? success(value) : success;
  return redirectWithToast(to, { type: 'success', ...toast });
}

/** The success toast of a list action, and where it leads (default: back). */
type ListToast = { key: string; values?: Record<string, string | number>; to?: string };

/**
 * The second step of a delete without JavaScript: a delete form posts without `confirmed`, and the page
 * answers with this, which renders a "really delete?" form. With JavaScript the dialog sends `confirmed` at once.
 */
export function confirmationStep(formData: FormData): { confirm: ConfirmRequest } | null {
  if (formData.get('confirmed') === 'yes') return null;
  return {
    confirm: { intent: String(formData.get('intent') ?? ''), id: String(formData.get('id') ?? ''), name: String(formData.get('name') ?? '') },
  };
}

/** A delete after confirming: the confirmation step first (without JavaScript), then the list action. */
export async function confirmedListAction(
  formData: FormData,
  back: string,
  work: () => Promise<unknown>,
  success: { key: string; values?: Record<string, string | number>; to?: string },
) {
  const step = confirmationStep(formData);
  if (step) return answer(step, 200);
  return listAction(back, work, success);
}
