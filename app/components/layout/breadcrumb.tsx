import { Link, useMatches } from '@remix-run/react';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { breadcrumbOf } from '~/lib/breadcrumbs';

/**
 * The breadcrumb of the console's top bar: the section, then the names of the objects the page is about
 * ("Digitale Fachmesse 2026 › Halle Maschinenbau"), as each route's `handle.breadcrumb` derives them from its
 * loader data, or the page's translated title (issue 14). Never route segments or slugs.
 */
export function Breadcrumb({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const crumbs = breadcrumbOf(pathname, useMatches());
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={t('nav.breadcrumb')} className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1 text-sm">
        {crumbs.map((crumb, index) => {
          const label = crumb.key ? t(crumb.key) : crumb.label;
          const last = index === crumbs.length - 1;
          return (
            <li key={`${index}-${crumb.to ?? ''}`} className="flex min-w-0 items-center gap-1">
              {index > 0 ? <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0 text-gray-400" /> : null}
              {last || !crumb.to ? (
                <span aria-current={last ? 'page' : undefined} className={`truncate ${last ? 'font-medium' : 'text-gray-600'}`}>
                  {label}
                </span>
              ) : (
                <Link to={crumb.to} className="truncate text-gray-600 underline-offset-2 hover:underline">
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
