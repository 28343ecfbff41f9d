import { Link } from '@remix-run/react';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { breadcrumbFromPath } from '~/lib/nav';

/** The breadcrumb of the console's top bar, built from the path (section, then kind/identifier pairs). */
export function Breadcrumb({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const crumbs = breadcrumbFromPath(pathname);
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={t('nav.breadcrumb')} className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1 text-sm">
        {crumbs.map((crumb, index) => {
          const label = crumb.key ? t(`nav.items.${crumb.key}`) : crumb.segments.join(' ');
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.to} className="flex min-w-0 items-center gap-1">
              {index > 0 ? <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0 text-gray-400" /> : null}
              {last ? (
                <span aria-current="page" className="truncate font-medium">
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
