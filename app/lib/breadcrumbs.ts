import type { useLoaderData } from '@remix-run/react';
import { NAV_GROUPS, type NavGroup } from './nav';

/**
 * One crumb of the console's breadcrumb (issue 14): an object's name as loaded (`label`, never a slug) or a
 * translated page title (`key`, "ns:path"), with the page it leads to; the last crumb is the page itself.
 */
export type CrumbSpec = ({ label: string; key?: never } | { key: string; label?: never }) & { to?: string };

/** A route's `handle.breadcrumb`: its crumbs from its own loader data (no extra queries). */
export type BreadcrumbFn = (data: unknown) => CrumbSpec[];

/**
 * Typed `handle.breadcrumb` for a route: `breadcrumb: crumbsFrom<typeof loader>((d) => [{ label: d.hall.name }])`.
 * The function sees the loader's data as the page does.
 */
export function crumbsFrom<L>(fn: (data: ReturnType<typeof useLoaderData<L>>) => CrumbSpec[]): BreadcrumbFn {
  return fn as BreadcrumbFn;
}

export interface CrumbMatch {
  pathname: string;
  data: unknown;
  handle: unknown;
}

/** The sidebar item the path lies in (its first segment), as the breadcrumb's first crumb; none for other paths. */
export function sectionCrumb(pathname: string, groups: readonly NavGroup[] = NAV_GROUPS): CrumbSpec | null {
  const first = pathname.split('/').filter(Boolean)[0];
  if (!first) return null;
  const item = groups.flatMap((g) => g.items).find((i) => i.to === `/${first}`);
  return item ? { key: `common:nav.items.${item.key}`, to: item.to } : null;
}

/**
 * The breadcrumb of the console page: the section (sidebar item), then the crumbs the deepest route with a
 * `handle.breadcrumb` derives from its data, or its translated `handle.title`. A route without either (or whose
 * data is missing, e.g. in an error boundary) adds nothing: the breadcrumb never shows route segments or slugs.
 * A crumb that repeats the section (same target) is dropped; the section's own page is the section alone.
 */
export function breadcrumbOf(pathname: string, matches: readonly CrumbMatch[], groups: readonly NavGroup[] = NAV_GROUPS): CrumbSpec[] {
  const section = sectionCrumb(pathname, groups);
  // the section's own page (/hall, /events) is named by the section alone
  if (section && pathname.replace(/\/+$/, '') === section.to) return [{ ...section, to: undefined }];
  const route = [...matches].reverse().find((m) => {
    const handle = m.handle as { breadcrumb?: unknown; title?: unknown } | undefined;
    return typeof handle?.breadcrumb === 'function' || typeof handle?.title === 'string';
  });
  const handle = route?.handle as { breadcrumb?: BreadcrumbFn; title?: string } | undefined;
  let own: CrumbSpec[] = [];
  if (handle?.breadcrumb && route?.data != null) own = handle.breadcrumb(route.data);
  else if (handle?.title) own = [{ key: handle.title }];
  const crumbs = section ? [section, ...own.filter((c) => c.to !== section.to && c.key !== section.key)] : own;
  return crumbs.map((crumb, i) => (i === crumbs.length - 1 ? { ...crumb, to: undefined } : crumb));
}
