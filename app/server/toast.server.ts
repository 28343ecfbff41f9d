import { createCookie } from '@remix-run/node';
import { z } from 'zod';

/**
 * A Location header value: characters a header cannot hold (NUL, spaces, non-ASCII) percent-encoded, a lone
 * surrogate as U+FFFD. Routes encode what they put in a path or query; this keeps a value they missed (a posted
 * id with a NUL byte, say) from turning the redirect into a 500.
 */
export function headerSafeLocation(url: string): string {
  return url.replace(/[^\x21-\x7e]/gu, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      return '%EF%BF%BD';
    }
  });
}

/** A toast travels as a translation key (+ values) in a short-lived cookie, shown once after a redirect. */
export const ToastSchema = z.object({
  type: z.enum(['success', 'error', 'info']).default('success'),
  key: z.string().min(1),
  values: z.record(z.union([z.string(), z.number()])).optional(),
});

export type Toast = z.infer<typeof ToastSchema>;

const toastCookie = createCookie('toast', { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 60 });

export async function serializeToast(toast: Toast): Promise<string> {
  return toastCookie.serialize(Buffer.from(JSON.stringify(toast)).toString('base64url'));
}

/** Reads the pending toast; returns it and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const raw = await toastCookie.parse(request.headers.get('cookie'));
  if (typeof raw !== 'string' || !raw) return { toast: null, clear: null };
  let toast: Toast | null = null;
  try {
    const parsed = ToastSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    toast = parsed.success ? parsed.data : null;
  } catch {
    toast = null;
  }
  return { toast, clear: await toastCookie.serialize('', { maxAge: 0 }) };
}

/** A redirect that shows a toast on the next page. */
export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await serializeToast(toast));
  headers.set('Location', headerSafeLocation(url));
  return new Response(null, { ...init, status: init.status ?? 302, headers });
}
