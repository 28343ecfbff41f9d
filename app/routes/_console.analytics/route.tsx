import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PathFlow } from '~/components/analytics/path-flow';
import type { ChartSeries } from '~/components/analytics/series-chart';
import { NativeSelect } from '~/components/conventions/native-select';
import { buttonClassName } from '~/components/ui/button';
import { PageHeader, PageSection } from '~/components/ui/route-form';
import { useHydrated } from '~/components/ui/use-hydrated';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { analyticsPageData } from './server';

// uPlot loads with this chunk, on this page only
const SeriesChart = lazy(() => import('~/components/analytics/series-chart'));

export const handle = { i18n: ['common', 'errors', 'validation', 'analytics'], title: 'analytics:title' };
export const clientLoader = withNamespaces(handle.i18n);

/** /analytics (spec 000 point 2): visit statistics of the organisation's objects; event suite (hosts, exhibitors). */
export const guards = defineGuards({ organization: true, feature: 'event' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return analyticsPageData(context, request);
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;
type Live = NonNullable<PageData['live']>;

const LIVE_POLL_MS = 5000;
const KIND_ORDER = ['convention', 'exhibition', 'hall', 'stand', 'stage', 'room', 'content'] as const;

function csvHref(header: string[], rows: (string | number | null)[][]) {
  const cell = (v: string | number | null) => {
    const text = v === null ? '' : String(v);
    return /[",\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const csv = [header, ...rows].map((r) => r.map(cell).join(',')).join('\n');
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${csv}`)}`;
}

function DataTable({ caption, header, rows, file }: { caption: string; header: string[]; rows: (string | number | null)[][]; file: string }) {
  const { t } = useTranslation('analytics');
  return (
    <div className="mt-2">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {header.map((h) => (
              <th key={h} scope="col" className="border-b py-1 pr-4 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length ? (
            rows.map((row, i) => (
              <tr key={i}>
                {row.map((v, j) => (
                  <td key={j} className="border-b border-gray-100 py-1 pr-4 break-all">
                    {v ?? ''}
                  </td>
                ))}
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={header.length} className="py-2 text-gray-600">
                {t('lists.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <a className="mt-2 inline-block text-sm underline" download={`${file}.csv`} href={csvHref(header, rows)}>
        {t('charts.csv')}
      </a>
    </div>
  );
}

function SeriesSection({ id, title, points, hourly }: { id: string; title: string; points: PageData['stats']['last4Weeks']; hourly: boolean }) {
  const { t, i18n } = useTranslation('analytics');
  const hydrated = useHydrated();
  const label = (d: string) =>
    new Intl.DateTimeFormat(i18n.language, hourly ? { hour: '2-digit', minute: '2-digit', day: '2-digit', month: '2-digit', timeZone: 'UTC' } : { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(d));
  const times = useMemo(() => points.map((p) => Date.parse(p.datetime as unknown as string)), [points]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { label: t('charts.total'), values: points.map((p) => p.total), color: '#283853' },
      { label: t('charts.unique'), values: points.map((p) => p.unique), color: '#e45364' },
      { label: t('charts.recurring'), values: points.map((p) => p.recurring), color: '#77bf70' },
    ],
    [points, t],
  );
  const header = [t('charts.time'), t('charts.total'), t('charts.unique'), t('charts.recurring')];
  const rows = points.map((p) => [label(p.datetime as unknown as string), p.total, p.unique, p.recurring]);
  return (
    <PageSection id={id} title={title}>
      {hydrated ? (
        <Suspense fallback={<div className="h-[220px]" />}>
          <SeriesChart times={times} series={series} label={t('charts.chartLabel', { title })} />
        </Suspense>
      ) : null}
      <details className="mt-2" open={!hydrated}>
        <summary className="cursor-pointer text-sm">{t('charts.showTable')}</summary>
        <DataTable caption={title} header={header} rows={rows} file={id} />
      </details>
    </PageSection>
  );
}

function CountSection({ id, title, rows, nameLabel, mapName }: { id: string; title: string; rows: { name: string; total: number; unique: number }[]; nameLabel: string; mapName?: (n: string) => string }) {
  const { t } = useTranslation('analytics');
  const max = Math.max(1, ...rows.map((r) => r.total));
  return (
    <PageSection id={id} title={title}>
      <ul aria-hidden="true" className="mb-2 space-y-1">
        {rows.slice(0, 10).map((r) => (
          <li key={r.name} className="flex items-center gap-2 text-sm">
            <span className="w-40 truncate">{mapName ? mapName(r.name) : r.name}</span>
            <span className="h-3 rounded bg-brand-dark" style={{ width: `${(r.total / max) * 60}%` }} />
            <span>{r.total}</span>
          </li>
        ))}
      </ul>
      <DataTable caption={title} header={[nameLabel, t('lists.views'), t('lists.unique')]} rows={rows.map((r) => [mapName ? mapName(r.name) : r.name, r.total, r.unique])} file={id} />
    </PageSection>
  );
}

function LiveSection({ conventions, initial }: { conventions: PageData['conventions']; initial: Live | null }) {
  const { t } = useTranslation('analytics');
  const [live, setLive] = useState<Live | null>(initial);
  const [conventionId, setConventionId] = useState(initial?.conventionId ?? conventions[0]?.id ?? '');
  useEffect(() => {
    if (!conventionId) return;
    let stopped = false;
    const poll = async () => {
      try {
        const response = await fetch(`/analytics/live?conventionId=${encodeURIComponent(conventionId)}`, { headers: { accept: 'application/json' } });
        if (response.ok && !stopped) setLive((await response.json()) as Live);
      } catch {
        // the next round tries again
      }
    };
    void poll();
    const timer = setInterval(poll, LIVE_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [conventionId]);
  if (!conventions.length) return <PageSection id="live" title={t('live.title')}><p>{t('live.noConvention')}</p></PageSection>;
  return (
    <PageSection id="live" title={t('live.title')}>
      <Form
        method="get"
        className="flex flex-wrap items-end gap-2"
        onChange={(event) => {
          // with JavaScript the select switches the live part at once; without, the form reloads the page
          const target = event.target as HTMLSelectElement;
          if (target.name === 'live') setConventionId(target.value);
        }}
      >
        <NativeSelect
          name="live"
          label={t('live.convention')}
          defaultValue={conventionId}
          options={conventions.map((c) => ({ value: c.id, label: c.name }))}
        />
        <noscript>
          <button type="submit" className={buttonClassName()}>{t('filter.apply')}</button>
        </noscript>
      </Form>
      <p className="mt-3 text-lg" aria-live="polite">
        {t('live.now')}: <strong data-testid="live-now">{live?.now ?? 0}</strong>
      </p>
      <p className="text-sm text-gray-600">{t('live.updated')}</p>
      <h3 className="mt-4 font-semibold">{t('live.funnel')}</h3>
      <DataTable
        caption={t('live.funnel')}
        header={[t('live.stand'), t('live.hall'), t('live.standStep'), t('live.room'), t('live.infoPoint'), t('live.lead')]}
        rows={(live?.stands ?? []).map((s) => [s.name, s.hall, s.stand, s.room, s.infoPoint, s.lead])}
        file="funnel"
      />
    </PageSection>
  );
}

export default function AnalyticsPage() {
  const { filter, filterError, stats, scopes, conventions, live } = useLoaderData<typeof loader>();
  const { t } = useTranslation('analytics');
  const groups = KIND_ORDER.map((kind) => ({
    label: t(`kinds.${kind}`),
    options: scopes.filter((s) => s.kind === kind).map((s) => ({ value: `${s.kind}:${s.id}`, label: s.name })),
  })).filter((g) => g.options.length);
  const country = (code: string) => code || t('lists.unknown');
  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} intro={t('intro')} />
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t('filter.legend')}>
        <NativeSelect name="scope" label={t('filter.scope')} groups={groups} emptyLabel={t('filter.all')} defaultValue={filter.scope} />
        <label className="flex flex-col gap-1 text-sm">
          {t('filter.from')}
          <input type="date" name="from" defaultValue={filter.from} className="rounded border px-2 py-1" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('filter.to')}
          <input type="date" name="to" defaultValue={filter.to} className="rounded border px-2 py-1" />
        </label>
        <button type="submit" className={buttonClassName()}>
          {t('filter.apply')}
        </button>
        {filterError ? (
          <p role="alert" className="w-full text-sm text-red-700">
            {filterError}
          </p>
        ) : null}
      </Form>

      <PageSection id="summary" title={t('summary.title')} intro={t('summary.period', { from: filter.from, to: filter.to })}>
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-5">
          {[
            ['visits', stats.visitCount],
            ['unique', stats.userVisits],
            ['recurring', stats.recurringVisits],
            ['averageTime', stats.averageTime === null ? t('summary.none') : t('summary.seconds', { value: stats.averageTime })],
            ...(stats.hallShare === null ? [] : [['hallShare', `${Math.round(stats.hallShare * 100)} %`]]),
          ].map(([key, value]) => (
            <div key={key as string}>
              <dt className="text-sm text-gray-600">{t(`summary.${key as string}`)}</dt>
              <dd className="text-2xl font-semibold" data-testid={`summary-${key as string}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </PageSection>

      <LiveSection conventions={conventions} initial={live} />

      <SeriesSection id="last-24-hours" title={t('charts.last24Hours')} points={stats.last24Hours} hourly />
      <SeriesSection id="last-4-weeks" title={t('charts.last4Weeks')} points={stats.last4Weeks} hourly={false} />

      {stats.topStands.length ? (
        <CountSection id="top-stands" title={t('lists.topStands')} nameLabel={t('lists.name')} rows={stats.topStands} />
      ) : null}
      <CountSection id="top-pages" title={t('lists.topPages')} nameLabel={t('lists.name')} rows={stats.topPages} />
      <PageSection id="paths" title={t('lists.paths')}>
        <PathFlow paths={stats.visitPaths} />
        <DataTable
          caption={t('lists.paths')}
          header={[t('lists.from'), t('lists.to'), t('lists.count')]}
          rows={stats.visitPaths.map((p) => [p.origin, p.to, p.count])}
          file="paths"
        />
      </PageSection>
      <CountSection
        id="countries"
        title={t('lists.countries')}
        nameLabel={t('lists.country')}
        rows={stats.geoVisits.map((g) => ({ name: g.country, total: g.total, unique: g.unique }))}
        mapName={country}
      />
      <CountSection id="browsers" title={t('lists.browsers')} nameLabel={t('lists.name')} rows={stats.browsers} mapName={country} />
      <CountSection id="os" title={t('lists.os')} nameLabel={t('lists.name')} rows={stats.operatingSystems} mapName={country} />
      <CountSection id="devices" title={t('lists.devices')} nameLabel={t('lists.name')} rows={stats.devices} mapName={country} />
      <p className="text-sm text-gray-600">
        <a href="https://db-ip.com" className="underline">
          {t('attribution')}
        </a>
      </p>
    </div>
  );
}
