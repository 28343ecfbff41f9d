import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PriceText } from '~/components/shop/product-list';
import { buttonClassName } from '~/components/ui/button-styles';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { ORDER_REQUEST_STATES, type OrderRequestState } from '~/lib/schemas/shop';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { listAction } from '~/server/route-kit.server';
import { answerOrderRequest, closeOrderRequest, orderRequestsOfOrganization } from '~/server/services/shop';

export const handle = { i18n: ['common', 'errors', 'validation', 'shop'], title: 'shop:requests.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'event' });

const stateOf = (value: string | null): OrderRequestState | null => (ORDER_REQUEST_STATES.includes(value as OrderRequestState) ? (value as OrderRequestState) : null);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const query = new URL(request.url).searchParams;
  const state = stateOf(query.get('state'));
  const page = Math.max(1, Number(query.get('page')) || 1);
  const requests = await orderRequestsOfOrganization(context.service, { state, page });
  return { requests, state };
}

/** Answer (again, while open) or close one request; the answer goes to the visitor by mail. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const formData = await readForm(request);
  const id = formData.get('id')?.toString() ?? '';
  const state = stateOf(formData.get('state')?.toString() ?? null);
  const back = `/shop/order-requests${state ? `?state=${state}` : ''}`;
  switch (formData.get('intent')) {
    case 'answer':
      return listAction(back, () => answerOrderRequest(context.service, { id, answer: formData.get('answer')?.toString() ?? '' }), { key: 'shop:toast.answered' });
    case 'close':
      return listAction(back, () => closeOrderRequest(context.service, { id }), { key: 'shop:toast.closed' });
    default:
      throw new Response('Bad Request', { status: 400 });
  }
}

/** /shop/order-requests (issue 31): what visitors asked the organisation for, new, answered and closed. */
export default function OrderRequests() {
  const { requests, state } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('shop');
  const date = new Intl.DateTimeFormat(i18n.language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  const tabs: (OrderRequestState | null)[] = [null, ...ORDER_REQUEST_STATES];
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold text-brand-dark">{t('requests.title')}</h1>
      <nav aria-label={t('requests.title')} className="flex flex-wrap gap-2">
        {tabs.map((s) => (
          <Link
            key={s ?? 'all'}
            to={s ? `?state=${s}` : '?'}
            aria-current={s === state ? 'page' : undefined}
            className={buttonClassName(s === state ? 'darkBlue' : 'outline')}
          >
            {s ? t(`requests.state.${s}`) : t('requests.all')}
          </Link>
        ))}
      </nav>
      {requests.items.length ? (
        <ul className="space-y-4" data-testid="order-requests">
          {requests.items.map((r) => (
            <li key={r.id} className="space-y-2 rounded-lg bg-white p-4 shadow-sm">
              <h2 className="font-semibold">
                {t('requests.number', { number: r.number })} · {t(`requests.state.${r.state}`)}
              </h2>
              <p className="text-sm text-gray-700">
                {date.format(new Date(r.created))} · {r.conventionTitle} · {t('requests.from', { name: r.buyerName || r.buyerEmail, email: r.buyerEmail })}
              </p>
              <ul className="list-disc pl-5 text-sm">
                {r.lines.map((l) => (
                  <li key={l.id}>
                    {l.quantity} × {l.name}
                    {l.variantLabel ? ` (${l.variantLabel})` : ''}: <PriceText cents={l.priceCents} currency={l.currency} />
                  </li>
                ))}
              </ul>
              {r.message ? <p className="whitespace-pre-line text-sm">{t('requests.message', { message: r.message })}</p> : null}
              {r.answer ? <p className="whitespace-pre-line rounded bg-brand-grey p-2 text-sm">{r.answer}</p> : null}
              {r.state !== 'CLOSED' ? (
                <div className="flex flex-wrap items-end gap-2">
                  <Form method="post" className="flex grow flex-col gap-2">
                    <input type="hidden" name="intent" value="answer" />
                    <input type="hidden" name="id" value={r.id} />
                    <input type="hidden" name="state" value={state ?? ''} />
                    <label className="flex flex-col gap-1 text-sm font-medium">
                      {t('requests.answerLabel')}
                      <textarea name="answer" rows={3} required maxLength={5000} className="rounded-md border border-gray-300 px-3 py-2" />
                    </label>
                    <button type="submit" className={`${buttonClassName('standardNoMt')} self-start`}>
                      {t('requests.send')}
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="close" />
                    <input type="hidden" name="id" value={r.id} />
                    <input type="hidden" name="state" value={state ?? ''} />
                    <button type="submit" className={buttonClassName('outline')} aria-label={`${t('requests.close')}: ${t('requests.number', { number: r.number })}`}>
                      {t('requests.close')}
                    </button>
                  </Form>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg bg-white p-4 shadow-sm">{t('requests.empty')}</p>
      )}
      {requests.pages > 1 ? (
        <p className="text-center text-sm">
          {requests.page > 1 ? <Link to={`?${new URLSearchParams({ ...(state ? { state } : {}), page: String(requests.page - 1) })}`} className="underline">{t('shop.previous', { ns: 'shop' })}</Link> : null}{' '}
          {t('shop.page', { page: requests.page, pages: requests.pages })}{' '}
          {requests.page < requests.pages ? <Link to={`?${new URLSearchParams({ ...(state ? { state } : {}), page: String(requests.page + 1) })}`} className="underline">{t('shop.next')}</Link> : null}
        </p>
      ) : null}
    </div>
  );
}
