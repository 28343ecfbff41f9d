import { createReadableStreamFromReadable, type LoaderFunctionArgs } from '@remix-run/node';
import { defineGuards } from '~/lib/guards';
import { parseLeadFilter, serviceFilter } from '~/lib/leads/overview-filter';
import { runGuards } from '~/server/guards.server';
import { leadsCsv } from '~/server/services/leads/csv';

export const guards = defineGuards({ organization: true, feature: 'lead' });

/**
 * The CSV of the filtered lead list (issue 18): the overview's (or, with `archived=1`, the archive's) query
 * parameters, all pages, streamed from the service (UTF-8 with BOM, ';' for German users).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const url = new URL(request.url);
  const { page: _page, pageSize: _size, ...filter } = serviceFilter(parseLeadFilter(url.searchParams), url.searchParams.get('archived') === '1');
  const stream = await leadsCsv(context.service, filter, context.service.language);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(createReadableStreamFromReadable(stream), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${day}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
